import { type ReactNode, useMemo } from 'react';
import { greetingFor } from '../greeting';
import { ModuleCards } from './module-cards';

/** The greeting, the quote and the day's cards (composed by app/), then the modules. */
export function HomePage({ username, quote, children }: { username: string; quote?: ReactNode; children?: ReactNode }) {
  // Read once per visit: a greeting that flips while the learner reads would be odd.
  const greeting = useMemo(() => greetingFor(new Date().getHours()), []);
  return (
    <>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {greeting}, {username}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Pick a module and keep your learning going.</p>
      </header>
      {quote && <div className="mb-6">{quote}</div>}
      {children && <div className="mb-10">{children}</div>}
      <ModuleCards />
    </>
  );
}
