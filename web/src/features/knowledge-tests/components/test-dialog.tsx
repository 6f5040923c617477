import type { TSubmission, TTestQuestion } from '@learnboost/api/contract';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { lastResult, useKnowledgeTests } from '../knowledge-tests-store';

/** One question: answerable, or (once submitted and not being retaken) the result to read. */
function Question({ q, n, result }: { q: TTestQuestion; n: number; result: TSubmission | undefined }) {
  const chosen = useKnowledgeTests((s) => s.answers[q.id]);
  const choose = useKnowledgeTests((s) => s.choose);
  const answer = result?.answers.find((a) => a.qId === q.id);
  const picked = answer ? answer.selectedIndex : chosen;
  return (
    <fieldset className="flex flex-col gap-2" disabled={!!result}>
      <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">
        {n}. {q.prompt}
      </legend>
      {q.choices.map((choice, i) => {
        const isCorrect = answer?.correctIndex === i;
        const wrongPick = !!answer && answer.selectedIndex === i && !isCorrect;
        return (
          <label
            // Choices of one question are distinct, so each is its own key.
            key={choice}
            className={cn(
              'flex items-center gap-3 rounded-lg border px-3 py-2 text-sm text-slate-800 dark:text-slate-100',
              result ? 'cursor-default' : 'cursor-pointer',
              isCorrect
                ? 'border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950'
                : wrongPick
                  ? 'border-rose-600 bg-rose-50 dark:border-rose-400 dark:bg-rose-950'
                  : 'border-slate-200 dark:border-slate-700',
            )}
          >
            <input
              type="radio"
              name={q.id}
              checked={picked === i}
              onChange={() => choose(q.id, i)}
              className="size-4 accent-indigo-600"
            />
            <span className="flex-1">{choice}</span>
            {isCorrect && (
              <span className="flex items-center gap-1 text-xs font-semibold text-emerald-800 dark:text-emerald-300">
                <Check aria-hidden="true" className="size-4" />
                Correct answer
              </span>
            )}
            {wrongPick && (
              <span className="flex items-center gap-1 text-xs font-semibold text-rose-800 dark:text-rose-300">
                <X aria-hidden="true" className="size-4" />
                Your answer
              </span>
            )}
          </label>
        );
      })}
      {answer && answer.selectedIndex < 0 && (
        <p className="text-xs font-semibold text-rose-800 dark:text-rose-300">Not answered</p>
      )}
    </fieldset>
  );
}

export function TestDialog() {
  const current = useKnowledgeTests((s) => s.current);
  const open = useKnowledgeTests((s) => s.testOpen);
  const retaking = useKnowledgeTests((s) => s.retaking);
  const answered = useKnowledgeTests((s) => Object.keys(s.answers).length);
  const { setTestOpen, reset, retake, submit } = useKnowledgeTests.getState();
  // Asked before a submission that leaves questions unanswered (they would count as wrong).
  const [confirming, setConfirming] = useState(false);
  if (!current) return null;
  const result = lastResult(current);
  const mistakes = result?.answers.filter((a) => !a.correct).length ?? 0;
  const total = current.questions.length;
  const unanswered = total - answered;
  const showing = retaking ? undefined : result;
  // Reading a result, the counter speaks of that submission; answering, of the choices made now.
  const counted = showing ? showing.answers.filter((a) => a.selectedIndex >= 0).length : answered;

  function onSubmit() {
    if (unanswered > 0 && !confirming) return setConfirming(true);
    setConfirming(false);
    void submit();
  }

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        setConfirming(false);
        setTestOpen(o);
      }}
      title={current.name}
      wide
      maxHeight="max-h-[70vh]"
    >
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700 dark:text-slate-200">
          <p aria-live="polite">
            {counted} / {total} answered
          </p>
          {result && (
            <p>
              Last score: <strong>{result.score}%</strong> · {mistakes} mistake{mistakes === 1 ? '' : 's'}
            </p>
          )}
        </div>
        {current.questions.map((q, i) => (
          <Question key={q.id} q={q} n={i + 1} result={showing} />
        ))}
        <ModalActions>
          {confirming ? (
            <div role="alert" className="flex w-full flex-wrap items-center justify-end gap-2">
              <p className="mr-auto text-sm font-medium text-slate-800 dark:text-slate-100">
                {unanswered === total
                  ? 'No question is answered yet.'
                  : `${unanswered} of ${total} questions ${unanswered === 1 ? 'is' : 'are'} unanswered.`}{' '}
                Unanswered questions count as wrong.
              </p>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Keep answering
              </Button>
              <Button onClick={onSubmit}>Submit anyway</Button>
            </div>
          ) : (
            <>
              <Button variant="ghost" onClick={() => setTestOpen(false)}>
                Close
              </Button>
              {showing ? (
                <Button onClick={retake}>Retake</Button>
              ) : (
                <>
                  <Button variant="ghost" onClick={reset}>
                    Reset Answers
                  </Button>
                  <Button onClick={onSubmit}>Submit</Button>
                </>
              )}
            </>
          )}
        </ModalActions>
      </div>
    </Modal>
  );
}
