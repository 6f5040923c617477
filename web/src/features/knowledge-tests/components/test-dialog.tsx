import type { TSubmission, TTestQuestion } from '@learnboost/api/contract';
import { Check } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { lastResult, useKnowledgeTests } from '../knowledge-tests-store';

function Question({ q, n, result }: { q: TTestQuestion; n: number; result: TSubmission | undefined }) {
  const chosen = useKnowledgeTests((s) => s.answers[q.id]);
  const choose = useKnowledgeTests((s) => s.choose);
  // Once a submission exists the correct choice is highlighted.
  const correctIndex = result?.answers.find((a) => a.qId === q.id)?.correctIndex;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">
        {n}. {q.prompt}
      </legend>
      {q.choices.map((choice, i) => {
        const isCorrect = correctIndex === i;
        return (
          <label
            // Choices of one question are distinct, so each is its own key.
            key={choice}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm text-slate-800 dark:text-slate-100',
              isCorrect
                ? 'border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950'
                : 'border-slate-200 dark:border-slate-700',
            )}
          >
            <input
              type="radio"
              name={q.id}
              checked={chosen === i}
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
          </label>
        );
      })}
    </fieldset>
  );
}

export function TestDialog() {
  const current = useKnowledgeTests((s) => s.current);
  const open = useKnowledgeTests((s) => s.testOpen);
  const answered = useKnowledgeTests((s) => Object.keys(s.answers).length);
  const { setTestOpen, reset, submit } = useKnowledgeTests.getState();
  if (!current) return null;
  const result = lastResult(current);
  const mistakes = result?.answers.filter((a) => !a.correct).length ?? 0;
  const total = current.questions.length;

  return (
    <Modal open={open} onOpenChange={setTestOpen} title={current.name} wide maxHeight="max-h-[70vh]">
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700 dark:text-slate-200">
          <p aria-live="polite">
            {answered} / {total} answered
          </p>
          {result && (
            <p>
              Last score: <strong>{result.score}%</strong> · {mistakes} mistake{mistakes === 1 ? '' : 's'}
            </p>
          )}
        </div>
        {current.questions.map((q, i) => (
          <Question key={q.id} q={q} n={i + 1} result={result} />
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setTestOpen(false)}>
            Close
          </Button>
          <Button variant="ghost" onClick={reset}>
            Reset Answers
          </Button>
          <Button onClick={() => void submit()}>Submit</Button>
        </div>
      </div>
    </Modal>
  );
}
