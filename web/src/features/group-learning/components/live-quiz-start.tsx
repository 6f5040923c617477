import {
  GAME_CHOICES,
  GAME_QUESTIONS,
  GAME_SECONDS,
  GAME_TOO_FEW_CARDS,
  type TTestSummary,
} from '@learnboost/api/contract';
import { Play } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldControl, LabelledField, TextField } from '../../../components/ui/text-field';
import { listMyTests } from '../api/list-my-tests';
import { useGroupLearning } from '../group-learning-store';
import { useLiveQuiz } from '../live-quiz-store';

interface RangeFieldProps {
  label: string;
  /** One of the contract's ranges for the game (GAME_SECONDS, GAME_QUESTIONS). */
  range: { min: number; max: number };
  value: string;
  onChange: (value: string) => void;
}

/** A number field the browser holds to the range the api accepts. */
function RangeField({ label, range, value, onChange }: RangeFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      min={range.min}
      max={range.max}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The host's "Start Live Quiz": on the room's cards or one of their own knowledge tests. */
export function StartQuizForm() {
  const [tests, setTests] = useState<TTestSummary[]>([]);
  const [source, setSource] = useState('cards');
  const [seconds, setSeconds] = useState(String(GAME_SECONDS.default));
  const [count, setCount] = useState(String(GAME_QUESTIONS.default));
  const busy = useLiveQuiz((s) => s.busy);
  const cardCount = useGroupLearning((s) => s.cards.length);
  // The api refuses fewer cards than choices; the button says so before it is pressed.
  const tooFew = source === 'cards' && cardCount < GAME_CHOICES;

  useEffect(() => {
    listMyTests().then(setTests, (error: unknown) => console.warn('Could not list the tests', error));
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void useLiveQuiz.getState().start({
      ...(source === 'cards' ? { source: 'cards' } : { source: 'test', testId: source }),
      secondsPerQuestion: Number(seconds),
      questionCount: Number(count),
    });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Start Live Quiz" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <LabelledField label="Questions from">
          {(id) => (
            <select id={id} className={fieldControl} value={source} onChange={(e) => setSource(e.target.value)}>
              <option value="cards">Room cards</option>
              {tests.map((t) => (
                <option key={t.id} value={t.id}>
                  Test: {t.name}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <RangeField label="Seconds per question" range={GAME_SECONDS} value={seconds} onChange={setSeconds} />
        <RangeField label="Number of questions" range={GAME_QUESTIONS} value={count} onChange={setCount} />
      </div>
      <Button
        type="submit"
        disabled={busy || tooFew}
        aria-describedby={tooFew ? 'too-few-cards' : undefined}
        className="self-start"
      >
        <Play aria-hidden="true" className="size-4" />
        Start Live Quiz
      </Button>
      {tooFew && (
        <p id="too-few-cards" className="text-sm text-slate-700 dark:text-slate-200">
          {GAME_TOO_FEW_CARDS} (this room has {cardCount}).
        </p>
      )}
    </form>
  );
}
