import type { TGame, TGameProgress } from '../../contract';

/**
 * What the game service tells the room after each change has committed, and what it asks of the
 * socket layer (who is online). The service never sees Socket.IO.
 */
export interface GameEvents {
  /** The first question is open: `game:question`, and the lobby hears the room changed. */
  started(roomId: string, game: TGame): void;
  question(roomId: string, game: TGame): void;
  progress(roomId: string, progress: TGameProgress): void;
  reveal(roomId: string, game: TGame): void;
  /** `game:over`, and the lobby hears the room changed. */
  over(roomId: string, game: TGame): void;
  /** Ids of the room's members with a socket open, on any process. */
  online(roomId: string): Promise<string[]>;
  /** The same when this process knows it without asking, else undefined. */
  knownOnline(roomId: string): string[] | undefined;
}

/** The server clock of open questions (game-clock.ts). */
export interface QuestionClock {
  /** A question just opened here: close it at `endsAt` (if this process owns the game's clock). */
  watch(question: { gameId: string; index: number; endsAt: Date }): void;
  /** The question closed or the game ended: no timer is needed any more. */
  unwatch(gameId: string): void;
}
