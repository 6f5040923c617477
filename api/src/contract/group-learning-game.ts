import { z } from 'zod';

// The live quiz of a room (issue 13). Texts the issue gives word for word.
export const GAME_HOST_ONLY = 'Only the host can start a game';
export const GAME_RUNNING = 'A game is already running';
export const GAME_TOO_FEW_CARDS = 'Add at least 4 cards to play';
export const GAME_NO_WEAKEST_CARDS =
  'The group has no weakest cards yet: a card needs 3 or more members studying it (Study this deck)';
export const GAME_ALREADY_ANSWERED = 'Already answered';
/** The `code` of that refusal, which the web compares (never the sentence). */
export const ALREADY_ANSWERED = 'already_answered';
export const GAME_TIME_IS_UP = 'Time is up';
export const GAME_SECONDS = { min: 5, max: 120, default: 20 } as const;
export const GAME_QUESTIONS = { min: 1, max: 50, default: 10 } as const;
export const GAME_CHOICES = 4;

const whole = (name: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${name} is a whole number from ${min} to ${max}` })
    .int(`${name} is a whole number from ${min} to ${max}`)
    .min(min, `${name} is a whole number from ${min} to ${max}`)
    .max(max, `${name} is a whole number from ${min} to ${max}`);

export const ZStartGameBody = z.object({
  /** 'weakest': "The group's weakest cards" of the room deck (issue 24). */
  source: z.enum(['cards', 'test', 'weakest'], { error: 'source is "cards", "test" or "weakest"' }),
  testId: z.uuid({ error: 'Test not found' }).optional(),
  secondsPerQuestion: whole('secondsPerQuestion', GAME_SECONDS).default(GAME_SECONDS.default),
  questionCount: whole('questionCount', GAME_QUESTIONS).optional(),
});
export type TStartGameBody = z.input<typeof ZStartGameBody>;

export const ZGameAnswerBody = z.object({
  // A game has at most GAME_QUESTIONS.max questions, numbered from 0.
  index: whole('index', { min: 0, max: GAME_QUESTIONS.max - 1 }),
  choice: whole('choice', { min: 0, max: GAME_CHOICES - 1 }),
});
export type TGameAnswerBody = z.input<typeof ZGameAnswerBody>;

export const ZGameParams = z.object({
  roomId: z.uuid({ error: 'Room not found' }),
  gameId: z.uuid({ error: 'Game not found' }),
});

const ZGameMember = z.object({ id: z.string(), username: z.string() });

export const ZLeaderboardEntry = z.object({
  member: ZGameMember,
  score: z.number(),
  correct: z.number(),
  streak: z.number(),
});
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;

export const ZGameStatus = z.enum(['question', 'reveal', 'finished']);
export type TGameStatus = z.infer<typeof ZGameStatus>;

export const ZGameReveal = z.object({
  index: z.number(),
  correctIndex: z.number(),
  counts: z.array(z.number()),
});

/** What every player sees of a game; never the correct choice of an open question. */
export const ZGame = z.object({
  id: z.string(),
  status: ZGameStatus,
  /** The current question, from 0. */
  index: z.number(),
  total: z.number(),
  secondsPerQuestion: z.number(),
  question: z.object({ prompt: z.string(), choices: z.array(z.string()) }).nullable(),
  endsAt: z.string(),
  answered: z.number(),
  expected: z.number(),
  leaderboard: z.array(ZLeaderboardEntry),
  /** In `reveal` and `finished`: the last closed question's answer and each choice's count. */
  reveal: ZGameReveal.optional(),
});
export type TGame = z.infer<typeof ZGame>;
/** The game as `room:state` gives it: with this learner's own choice for the current question. */
export type TGameForMember = TGame & { myAnswer: number | null };

export const ZStartGameAnswer = z.object({ game: ZGame });
export const ZGameAnswerAccepted = z.object({ accepted: z.literal(true) });

export const ZPastGame = z.object({
  id: z.string(),
  finishedAt: z.string(),
  winner: ZGameMember.nullable(),
  players: z.number(),
});
export const ZPastGames = z.array(ZPastGame);
export type TPastGame = z.infer<typeof ZPastGame>;

export const ZGameResults = z.object({
  leaderboard: z.array(ZLeaderboardEntry),
  questions: z.array(
    z.object({
      prompt: z.string(),
      choices: z.array(z.string()),
      correctIndex: z.number(),
      counts: z.array(z.number()),
    }),
  ),
  mine: z.array(
    z.object({ index: z.number(), choice: z.number().nullable(), correct: z.boolean(), points: z.number() }),
  ),
});
export type TGameResults = z.infer<typeof ZGameResults>;

export const ZMissesAdded = z.object({ added: z.number() });

export type TGameProgress = { gameId: string; index: number; answered: number; expected: number };
export type TGameAck = { accepted: true } | { error: string; code?: string };

/** Game events of the `/rooms/<roomId>` namespace, server to client. */
export interface GameServerEvents {
  'game:question': (payload: { game: TGame }) => void;
  'game:progress': (payload: TGameProgress) => void;
  'game:reveal': (payload: { game: TGame }) => void;
  'game:over': (payload: { game: TGame }) => void;
}

export interface GameClientEvents {
  /** Answers like POST …/games/{gameId}/answers; the ack says accepted or why not. */
  'game:answer': (body: { gameId: string; index: number; choice: number }, ack: (answer: TGameAck) => void) => void;
}
