import { Construction } from 'lucide-react';
import { PageHeader } from './page-header';

interface ComingSoonProps {
  title: string;
  /** What the module will do, said plainly; no sample data stands in for it. */
  sentence: string;
}

export function ComingSoon({ title, sentence }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} />
      <section
        aria-label={`${title} status`}
        className="flex items-start gap-4 rounded-2xl border border-dashed border-slate-300 bg-white p-6 dark:border-slate-700 dark:bg-slate-900"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200">
          <Construction aria-hidden="true" className="size-5" />
        </span>
        <p className="pt-2 text-slate-700 dark:text-slate-200">{sentence}</p>
      </section>
    </>
  );
}
