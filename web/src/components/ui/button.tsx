import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type Variant = 'primary' | 'ghost' | 'outline' | 'danger';

const ghost =
  'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

const variants: Record<Variant, string> = {
  // indigo-600 keeps white text above 4.5:1 in both themes; indigo-500 would not.
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 active:bg-indigo-800',
  // What cannot be undone (deleting): rose-700 keeps white text above 4.5:1, as indigo-600 does.
  danger: 'bg-rose-700 text-white shadow-sm hover:bg-rose-800 active:bg-rose-900',
  ghost,
  // A ghost with a border: a secondary action that must read as a button beside text or fields.
  outline: `${ghost} border border-slate-300 dark:border-slate-600`,
};

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
        'disabled:cursor-not-allowed disabled:opacity-60',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
