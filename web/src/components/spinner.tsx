import { LoaderCircle } from 'lucide-react';

/** Full-screen wait while the saved session is restored. */
export function FullPageSpinner() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <div role="status" className="flex flex-col items-center gap-3 text-slate-600 dark:text-slate-300">
        <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-indigo-600 dark:text-indigo-400" />
        <span className="text-sm font-medium">Loading...</span>
      </div>
    </main>
  );
}
