import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The dashboard's card: a titled section, so each heading is a landmark a screen reader can jump to. */
export function Card({
  id,
  title,
  Icon,
  iconColour = 'text-indigo-600 dark:text-indigo-300',
  children,
  className = '',
}: {
  id: string;
  title: string;
  /** Drawn before the title, in the dashboard's indigo unless `iconColour` says otherwise. */
  Icon?: LucideIcon;
  iconColour?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <h2 id={id} className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        {Icon && <Icon aria-hidden="true" className={`size-5 ${iconColour}`} />}
        {title}
      </h2>
      {children}
    </section>
  );
}

export const muted = 'text-sm text-slate-600 dark:text-slate-300';
