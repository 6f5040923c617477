import type { TSharedTest } from '@learnboost/api/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { messageOf, toastFailure } from '../../../lib/errors';
import { getSharedTest } from '../api/get-shared-test';
import { takeSharedTest } from '../api/take-shared-test';
import { useKnowledgeTests } from '../knowledge-tests-store';

/** A shared link: preview the test, then copy it into one's own account to take it. */
export function SharedTestPanel({ shareId }: { shareId: string }) {
  const navigate = useNavigate();
  const [test, setTest] = useState<TSharedTest | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getSharedTest(shareId)
      .then(setTest)
      .catch((error: unknown) => setMissing(messageOf(error, 'This shared test is unavailable')));
  }, [shareId]);

  async function take() {
    setBusy(true);
    try {
      const { id } = await takeSharedTest(shareId);
      toast.success('Test added to your tests');
      await useKnowledgeTests.getState().load();
      navigate('/knowledge-gaps');
      await useKnowledgeTests.getState().open(id, 'test');
    } catch (error) {
      console.error('Could not take the shared test', error);
      toastFailure('Could not take this test', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-label="Shared test"
      className="mb-6 rounded-2xl border border-indigo-200 bg-indigo-50 p-5 dark:border-indigo-800 dark:bg-indigo-950"
    >
      {missing ? (
        <p className="text-sm text-slate-800 dark:text-slate-100">{missing}</p>
      ) : !test ? (
        <p role="status" className="text-sm text-slate-800 dark:text-slate-100">
          Loading...
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-xs font-semibold tracking-wide text-indigo-800 uppercase dark:text-indigo-200">
              Shared with you
            </p>
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{test.name}</h2>
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {test.questionCount} question{test.questionCount === 1 ? '' : 's'}
            </p>
          </div>
          <Button disabled={busy} onClick={() => void take()}>
            Take this test
          </Button>
        </div>
      )}
    </section>
  );
}
