import type { TTestDetail } from '@learnboost/api/contract';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { toastFailure } from '../../../lib/errors';
import { flagQuestion } from '../api/flag-question';
import { justifyTest } from '../api/justify-test';
import { lastResult, useKnowledgeTests } from '../knowledge-tests-store';

const choiceText = (t: TTestDetail, qId: string, index: number) =>
  index < 0 ? '(no answer)' : (t.questions.find((q) => q.id === qId)?.choices[index] ?? '');

export function GapDialog() {
  const current = useKnowledgeTests((s) => s.current);
  const open = useKnowledgeTests((s) => s.gapOpen);
  const setGapOpen = useKnowledgeTests((s) => s.setGapOpen);
  const [busy, setBusy] = useState(false);
  if (!current) return null;
  const result = lastResult(current);
  const mistakes = result?.answers.filter((a) => !a.correct) ?? [];

  async function markWrong(qId: string) {
    if (!current || busy) return;
    setBusy(true);
    try {
      const detail = await flagQuestion(current.id, qId);
      useKnowledgeTests.getState().flagged(detail);
      const score = lastResult(detail)?.score;
      toast.success('Question removed from the test', {
        description: score === undefined ? undefined : `Your score, without it: ${score}%`,
      });
    } catch (error) {
      toastFailure('Could not remove the question', error);
    } finally {
      setBusy(false);
    }
  }

  async function explain() {
    if (!current) return void toast.error('No test selected');
    if (!result) return void toast.error('No submission found');
    if (mistakes.length === 0) return void toast.success('No mistakes!');
    setBusy(true);
    try {
      const { justifications } = await justifyTest(
        current.id,
        mistakes.map((m) => m.qId),
      );
      useKnowledgeTests.getState().explained(justifications);
      toast.success('Explanations ready');
    } catch (error) {
      console.error('Could not get explanations', error);
      toastFailure('Could not get explanations', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={setGapOpen} title={`Knowledge Gap: ${current.name}`} wide>
      <div className="flex flex-col gap-5 text-sm text-slate-800 dark:text-slate-100">
        <section>
          <h3 className="mb-1 font-semibold text-slate-900 dark:text-white">Original passage</h3>
          <p className="max-h-48 overflow-y-auto rounded-lg bg-slate-50 p-3 whitespace-pre-wrap dark:bg-slate-800">
            {current.sourceText}
          </p>
        </section>
        <section>
          <h3 className="mb-1 font-semibold text-slate-900 dark:text-white">Last result</h3>
          {!result ? (
            <p>No submission yet: take the test first.</p>
          ) : (
            <>
              <p>
                Score {result.score}% · {mistakes.length} mistake{mistakes.length === 1 ? '' : 's'}
              </p>
              <ul className="mt-2 flex flex-col gap-3">
                {mistakes.map((m) => (
                  <li key={m.qId} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                    <p className="font-medium">{m.prompt}</p>
                    <p>
                      Your answer:{' '}
                      <span className="text-red-700 dark:text-red-300">
                        {choiceText(current, m.qId, m.selectedIndex)}
                      </span>
                      {' · '}Correct:{' '}
                      <span className="text-emerald-800 dark:text-emerald-300">
                        {choiceText(current, m.qId, m.correctIndex)}
                      </span>
                    </p>
                    {m.explanation && (
                      <p className="mt-2 rounded-md bg-indigo-50 p-2 dark:bg-indigo-950">{m.explanation}</p>
                    )}
                    <Button
                      variant="ghost"
                      className="mt-2 px-2 py-1 text-xs"
                      disabled={busy}
                      onClick={() => void markWrong(m.qId)}
                      aria-label={`This question is wrong: ${m.prompt}`}
                    >
                      This question is wrong
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        {busy && (
          <p role="status" className="flex items-center gap-2">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Explaining your mistakes...
          </p>
        )}
        <ModalActions>
          <Button disabled={busy} onClick={() => void explain()}>
            Explain mistakes (Fill the gap)
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
