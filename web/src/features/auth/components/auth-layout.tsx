import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-slate-50 to-sky-50 px-4 py-12 dark:from-slate-950 dark:via-slate-950 dark:to-indigo-950">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center gap-2 text-center">
          <Brand className="text-2xl text-slate-900 dark:text-white" />
          <p className="text-sm text-slate-600 dark:text-slate-300">AI Learning Accelerator</p>
        </div>
        <section
          aria-labelledby="auth-title"
          className="rounded-2xl border border-slate-200 bg-white p-8 shadow-xl shadow-slate-200/50 dark:border-slate-800 dark:bg-slate-900 dark:shadow-none"
        >
          <h1 id="auth-title" className="text-xl font-semibold text-slate-900 dark:text-white">
            {title}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>
          <div className="mt-6">{children}</div>
        </section>
        <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">{footer}</div>
      </div>
    </main>
  );
}
