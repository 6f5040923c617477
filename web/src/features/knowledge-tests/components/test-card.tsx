import type { TTestSummary } from '@learnboost/api/contract';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { shareTest } from '../api/share-test';
import { copyText } from '../copy-text';
import { useKnowledgeTests } from '../knowledge-tests-store';

const created = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

async function share(id: string) {
  try {
    const { shareId } = await shareTest(id);
    await copyText(`${window.location.origin}/knowledge-gaps/shared/${shareId}`);
    toast.success('Link copied');
  } catch (error) {
    console.error('Could not share the test', error);
    toast.error('Could not copy the link');
  }
}

export function TestCard({ test }: { test: TTestSummary }) {
  const open = useKnowledgeTests((s) => s.open);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div>
        <h2 className="text-lg font-semibold break-words text-slate-900 dark:text-white">{test.name}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {test.questionCount} question{test.questionCount === 1 ? '' : 's'}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Created <time dateTime={test.createdAt}>{created(test.createdAt)}</time>
        </p>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button aria-label={`Open ${test.name}`} onClick={() => void open(test.id, 'test')}>
          Open
        </Button>
        <Button variant="ghost" aria-label={`Knowledge Gap for ${test.name}`} onClick={() => void open(test.id, 'gap')}>
          Knowledge Gap
        </Button>
        <Button variant="ghost" aria-label={`Share ${test.name}`} onClick={() => void share(test.id)}>
          Share
        </Button>
      </div>
    </li>
  );
}
