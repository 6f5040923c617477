import { Circle, Diamond, Square, Triangle } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** Each choice has its shape as well as its colour, so no one needs to tell colours apart. */
export const CHOICE_LOOKS = [
  { shape: 'Triangle', Icon: Triangle, colour: 'bg-red-700 hover:bg-red-800' },
  { shape: 'Diamond', Icon: Diamond, colour: 'bg-blue-700 hover:bg-blue-800' },
  { shape: 'Circle', Icon: Circle, colour: 'bg-amber-700 hover:bg-amber-800' },
  { shape: 'Square', Icon: Square, colour: 'bg-green-700 hover:bg-green-800' },
] as const;

type ChoicesProps = {
  choices: string[];
  /** The learner's choice, once locked in. */
  picked: number | null;
  /** After the reveal: the right one, and how many chose each. */
  correctIndex?: number;
  counts?: number[];
  onPick?: (choice: number) => void;
};

/** Four large choices, keys 1–4 (the panel listens for the keys). */
export function QuizChoices({ choices, picked, correctIndex, counts, onPick }: ChoicesProps) {
  const revealed = correctIndex !== undefined;
  return (
    <ul aria-label="Choices" className="grid gap-3 sm:grid-cols-2">
      {choices.map((choice, i) => {
        const look = CHOICE_LOOKS[i] ?? CHOICE_LOOKS[0];
        const { Icon } = look;
        const dim = revealed ? i !== correctIndex : picked !== null && picked !== i;
        return (
          // Choices of a question are distinct, so the text is a stable key.
          <li key={choice}>
            <button
              type="button"
              disabled={revealed || picked !== null || !onPick}
              aria-pressed={picked === i}
              aria-keyshortcuts={String(i + 1)}
              onClick={() => onPick?.(i)}
              className={cn(
                'flex min-h-20 w-full items-center gap-3 rounded-xl px-4 py-3 text-left text-base font-semibold text-white shadow-sm',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-default',
                look.colour,
                dim && 'opacity-60',
                picked === i && 'ring-4 ring-slate-900 dark:ring-white',
              )}
            >
              <Icon aria-hidden="true" className="size-6 shrink-0 fill-current" />
              <span className="sr-only">{`${look.shape}, key ${i + 1}: `}</span>
              <span className="flex-1">{choice}</span>
              <span aria-hidden="true" className="rounded bg-black/25 px-2 py-0.5 font-mono text-sm">
                {i + 1}
              </span>
              {revealed && (
                <span className="text-sm">
                  {i === correctIndex ? 'Right answer · ' : ''}
                  {counts?.[i] ?? 0} {(counts?.[i] ?? 0) === 1 ? 'answer' : 'answers'}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
