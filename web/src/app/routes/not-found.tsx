import { Link } from 'react-router';

export function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-extrabold text-indigo-700 dark:text-indigo-300">404</p>
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Oops! Page not found</h1>
      <Link
        to="/"
        className="rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        Return to Home
      </Link>
    </main>
  );
}
