import { useEffect } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { useKnowledgeTests } from '../knowledge-tests-store';
import { AiStatus } from './ai-status';
import { CreateTestDialog } from './create-test-dialog';
import { GapDialog } from './gap-dialog';
import { SharedTestPanel } from './shared-test-panel';
import { TestCard } from './test-card';
import { TestDialog } from './test-dialog';

function openCurrentGap() {
  const { current, setGapOpen } = useKnowledgeTests.getState();
  if (!current) return void toast.error('No test selected');
  setGapOpen(true);
}

export function KnowledgeTestsPage() {
  const { shareId } = useParams();
  const tests = useKnowledgeTests((s) => s.tests);
  const loaded = useKnowledgeTests((s) => s.loaded);
  const load = useKnowledgeTests((s) => s.load);
  useEffect(() => void load(), [load]);

  return (
    <div className="mx-auto flex max-w-5xl flex-col">
      <PageHeader title="Knowledge Tests">
        Turn any text into a multiple-choice test, then see your mistakes explained.
      </PageHeader>
      <div className="-mt-4 mb-6 flex flex-wrap items-center justify-between gap-3">
        <AiStatus />
        <div className="flex flex-wrap gap-2">
          <CreateTestDialog />
          <Button variant="ghost" onClick={openCurrentGap}>
            Knowledge Gap
          </Button>
        </div>
      </div>
      {shareId && <SharedTestPanel shareId={shareId} />}
      {loaded && tests.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-600 dark:text-slate-300">
          No tests yet. Create your first one from a text you are studying.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tests.map((t) => (
            <TestCard key={t.id} test={t} />
          ))}
        </ul>
      )}
      <TestDialog />
      <GapDialog />
    </div>
  );
}
