import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {children && <div className="mt-2 text-base text-slate-600 dark:text-slate-300">{children}</div>}
    </header>
  );
}
