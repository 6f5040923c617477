import type { TGame } from '@learnboost/api/contract';
import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TitledSection } from '../../../components/ui/titled-section';
import { dayMonthYearTime } from '../../../lib/dates';
import { useGroupLearning } from '../group-learning-store';
import { useLiveQuiz } from '../live-quiz-store';
import { QuizChoices } from './live-quiz-choices';
import { Leaderboard, Podium } from './live-quiz-leaderboard';
import { StartQuizForm } from './live-quiz-start';

/** Ending a game ends it for every player: the host is asked first. */
export const END_GAME_CONFIRM = 'End the game for everyone? The scores so far become the final results.';

/**
 * Whole seconds left on the server's clock, ticking: this browser's clock corrected by the offset
 * measured at connect, and never more than the question's time (a clock still off shows no 70 s).
 */
function useSecondsLeft(endsAt: string | undefined, limitSeconds: number): number {
  const offset = useLiveQuiz((s) => s.clockOffsetMs);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!endsAt) return;
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  if (!endsAt) return 0;
  // Read at every render, not kept from the last tick: a new question never shows an old "now".
  const left = Math.ceil((Date.parse(endsAt) - (Date.now() + offset)) / 1000);
  return Math.min(limitSeconds, Math.max(0, left));
}

/** The result line of a reveal, for the eye and for the live region alike. */
function resultOf(game: TGame, myAnswer: number | null): string {
  if (myAnswer === null) return 'Time is up';
  return myAnswer === game.reveal?.correctIndex ? 'Correct!' : 'Not quite';
}

/** What screen readers hear, politely: the question, the last 5 seconds, the result. */
function useAnnouncement(game: TGame | null, myAnswer: number | null, secondsLeft: number, points: number): string {
  const [text, setText] = useState('');
  const key = game ? `${game.id}:${game.index}:${game.status}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: announce once per question and state, not per tick
  useEffect(() => {
    if (!game) return setText('');
    if (game.status === 'question') {
      setText(`Question ${game.index + 1} of ${game.total}: ${game.question?.prompt ?? ''}`);
    } else if (game.status === 'reveal') {
      const right = game.question?.choices[game.reveal?.correctIndex ?? 0] ?? '';
      setText(`${resultOf(game, myAnswer)} The answer is ${right}. You earned ${points} points.`);
    } else {
      setText('Final Results');
    }
  }, [key]);
  useEffect(() => {
    if (game?.status === 'question' && secondsLeft > 0 && secondsLeft <= 5) {
      setText(secondsLeft === 5 ? '5 seconds left' : String(secondsLeft));
    }
  }, [secondsLeft, game?.status]);
  return text;
}

function HostControls({ game }: { game: TGame }) {
  const busy = useLiveQuiz((s) => s.busy);
  const { next, end } = useLiveQuiz.getState();
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => void next()} disabled={busy}>
        {game.status === 'reveal' && game.index + 1 >= game.total ? 'Next Question (finish)' : 'Next Question'}
      </Button>
      <Button variant="ghost" onClick={() => window.confirm(END_GAME_CONFIRM) && void end()} disabled={busy}>
        End Game
      </Button>
    </div>
  );
}

function QuestionView({ game, secondsLeft }: { game: TGame; secondsLeft: number }) {
  const myAnswer = useLiveQuiz((s) => s.myAnswer);
  const { answer } = useLiveQuiz.getState();

  useEffect(() => {
    if (myAnswer !== null) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const choice = ['1', '2', '3', '4'].indexOf(event.key);
      if (choice >= 0) void answer(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [myAnswer, answer]);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3 text-sm text-slate-700 dark:text-slate-200">
        <span>
          Question {game.index + 1} of {game.total}
        </span>
        <span className="flex items-center gap-1 font-semibold" data-testid="quiz-countdown">
          <Timer aria-hidden="true" className="size-4" />
          {secondsLeft} s
        </span>
      </div>
      <p className="text-xl font-semibold text-slate-900 dark:text-white">{game.question?.prompt}</p>
      <QuizChoices choices={game.question?.choices ?? []} picked={myAnswer} onPick={(i) => void answer(i)} />
      <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="quiz-answered">
        {myAnswer !== null ? 'Answer locked in · ' : ''}
        {game.answered} of {game.expected} answered
      </p>
    </div>
  );
}

function RevealView({ game, meId }: { game: TGame; meId?: string }) {
  const myAnswer = useLiveQuiz((s) => s.myAnswer);
  const scoreBefore = useLiveQuiz((s) => s.scoreBefore);
  const mine = game.leaderboard.find((e) => e.member.id === meId);
  const points = (mine?.score ?? 0) - scoreBefore;
  const correctIndex = game.reveal?.correctIndex ?? 0;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-2xl font-bold text-slate-900 dark:text-white">{resultOf(game, myAnswer)}</p>
      <p className="text-slate-800 dark:text-slate-100">
        {game.question?.prompt} <strong>Answer: {game.question?.choices[correctIndex]}</strong>
      </p>
      <QuizChoices
        choices={game.question?.choices ?? []}
        picked={myAnswer}
        correctIndex={correctIndex}
        counts={game.reveal?.counts}
      />
      <p className="text-sm font-semibold text-slate-800 dark:text-slate-100">Your points: +{points}</p>
      <Leaderboard entries={game.leaderboard} meId={meId} />
    </div>
  );
}

function FinalResults({ game, meId }: { game: TGame; meId?: string }) {
  const results = useLiveQuiz((s) => s.results);
  const { addMisses, dismiss } = useLiveQuiz.getState();
  const right = results?.mine.filter((m) => m.correct).length;
  return (
    <div className="flex flex-col gap-4">
      <h4 className="text-xl font-bold text-slate-900 dark:text-white">Final Results</h4>
      <Podium entries={game.leaderboard} />
      {results && (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          You got {right} of {results.questions.length} right.
        </p>
      )}
      <Leaderboard entries={game.leaderboard} meId={meId} />
      <div className="flex flex-wrap gap-2">
        {/* Nothing to add after a perfect game. */}
        {results && right !== undefined && right < results.questions.length && (
          <Button onClick={() => void addMisses()}>Add my misses to Flashcards</Button>
        )}
        <Button variant="ghost" onClick={dismiss}>
          Close Results
        </Button>
      </div>
    </div>
  );
}

function PastGames() {
  const past = useLiveQuiz((s) => s.pastGames);
  if (past.length === 0) return null;
  return (
    <TitledSection title="Past games" heading="h4" size="text-sm" className="flex flex-col gap-2">
      <ul className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
        {past.slice(0, 5).map((g) => (
          <li key={g.id}>
            {dayMonthYearTime.format(new Date(g.finishedAt))} · Winner: {g.winner?.username ?? 'nobody'} · {g.players}{' '}
            {g.players === 1 ? 'player' : 'players'}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/** The room's live quiz: start it (host), play it, see the reveal and the final results. */
export function LiveQuiz() {
  const game = useLiveQuiz((s) => s.game);
  const myAnswer = useLiveQuiz((s) => s.myAnswer);
  const scoreBefore = useLiveQuiz((s) => s.scoreBefore);
  const me = useGroupLearning((s) => s.me);
  const hostId = useGroupLearning((s) => s.room?.host.id);
  const isHost = me !== null && me.id === hostId;
  const secondsLeft = useSecondsLeft(
    game?.status === 'question' ? game.endsAt : undefined,
    game?.secondsPerQuestion ?? Number.POSITIVE_INFINITY,
  );
  const myScore = game?.leaderboard.find((e) => e.member.id === me?.id)?.score ?? 0;
  const announcement = useAnnouncement(game, myAnswer, secondsLeft, myScore - scoreBefore);

  return (
    <TitledSection
      title="Live Quiz"
      heading="h3"
      size="text-base"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <p aria-live="polite" role="status" className="sr-only">
        {announcement}
      </p>
      {!game &&
        (isHost ? (
          <StartQuizForm />
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-200">
            The host can start a live quiz on the room's cards.
          </p>
        ))}
      {game?.status === 'question' && <QuestionView game={game} secondsLeft={secondsLeft} />}
      {game?.status === 'reveal' && <RevealView game={game} meId={me?.id} />}
      {game?.status === 'finished' && <FinalResults game={game} meId={me?.id} />}
      {isHost && game && game.status !== 'finished' && <HostControls game={game} />}
      {(!game || game.status === 'finished') && <PastGames />}
    </TitledSection>
  );
}
