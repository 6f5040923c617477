import { useMemo } from 'react';
import { greetingFor } from '../greeting';
import { ModuleCards } from './module-cards';

export function HomePage({ username }: { username: string }) {
  // Read once per visit: a greeting that flips while the learner reads would be odd.
  const greeting = useMemo(() => greetingFor(new Date().getHours()), []);
  return (
    <>
      <header className="mb-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {greeting}, {username}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Pick a module and keep your learning going.</p>
      </header>
      <ModuleCards />
    </>
  );
}
