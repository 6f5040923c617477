import { useOverview } from '../overview-store';

/** The quote of the day, or the screen's own fallback when the dashboard could not load. */
export function Quote({ fallback }: { fallback: string }) {
  const quote = useOverview((s) => s.overview?.motivationalQuote);
  return (
    <figure className="rounded-2xl bg-indigo-50 p-5 dark:bg-indigo-950/40">
      <blockquote className="text-lg italic text-slate-800 dark:text-slate-100">“{quote?.text ?? fallback}”</blockquote>
      {quote && <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-300">— {quote.author}</figcaption>}
    </figure>
  );
}
