/** What every AI back end can do; the services never know which one they talk to. */

export type ProviderName = 'builtin' | 'gemini' | 'openai';

export type DraftQuestion = {
  prompt: string;
  choices: string[];
  correctIndex: number;
  /** The passage sentence the question comes from; explanations quote it. */
  supportingSentence: string;
};

export type Mistake = {
  qId: string;
  prompt: string;
  choices: string[];
  correctIndex: number;
  /** -1: left unanswered. */
  selectedIndex: number;
  supportingSentence: string;
};

export type Explanation = { qId: string; explanation: string };
export type CardDraft = { question: string; answer: string };
/** A piece of the learner's own material the agent may answer from. */
export type Snippet = { source: string; text: string };
/** The facts the motivation coach speaks from, all computed from the learner's own data. */
export type CoachStats = {
  /** Consecutive study days. */
  streak: number;
  /** Share of "Remembered" among the last 7 days' reviews, in percent; null without reviews. */
  retention: number | null;
  reviewsThisWeek: number;
  dueCards: number;
  /** The test with the most mistakes in its latest attempt. */
  weakestTopic: string | null;
  lastScore: number | null;
};

/** Every call can be cancelled: the client went away or the time ran out. */
export type AiCall = { signal: AbortSignal };

export interface AiProvider {
  readonly name: ProviderName;
  readonly model: string;
  /** Up to `count` questions; fewer only when the passage cannot support more. */
  questions(passage: string, count: number, call: AiCall): Promise<DraftQuestion[]>;
  explain(input: { passage: string; mistakes: Mistake[]; contextNotes: string }, call: AiCall): Promise<Explanation[]>;
  /** The answer as it is produced, piece by piece. */
  answer(question: string, material: Snippet[], call: AiCall): AsyncIterable<string>;
  flashcards(text: string, count: number, call: AiCall): Promise<CardDraft[]>;
  coach(stats: CoachStats, call: AiCall): Promise<string>;
  /** The coach's offline words for the same facts, for when coach() fails or is too slow. */
  coachFallback(stats: CoachStats): string;
}
