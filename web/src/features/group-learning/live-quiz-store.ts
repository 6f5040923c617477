import {
  ALREADY_ANSWERED,
  type TGame,
  type TGameForMember,
  type TGameResults,
  type TPastGame,
  type TRoomMember,
} from '@learnboost/api/contract';
import { toast } from 'sonner';
import { create } from 'zustand';
import { ApiError } from '../../lib/api-client';
import { toastFailure } from '../../lib/errors';
import { addMissesToFlashcards } from './api/add-misses-to-flashcards';
import { answerQuestion } from './api/answer-question';
import { endGame } from './api/end-game';
import { getResults } from './api/get-results';
import { listPastGames } from './api/list-past-games';
import { nextQuestion } from './api/next-question';
import { startGame } from './api/start-game';
import { measureClockOffset } from './clock-offset';
import type { RoomSocket } from './room-socket';

interface LiveQuizState {
  roomId: string | null;
  /** The running game, or the one that just finished (until closed or a new one starts). */
  game: TGame | null;
  /** This learner's choice for the current question. */
  myAnswer: number | null;
  /** This learner's score when the current question opened: the reveal's points are the difference. */
  scoreBefore: number;
  results: TGameResults | null;
  pastGames: TPastGame[];
  busy: boolean;
  /** The server's clock minus this browser's (measured at connect): the countdown's correction. */
  clockOffsetMs: number;

  /** Opens the quiz of a room for this learner (null: no room open). */
  reset: (roomId: string | null, me?: TRoomMember | null) => void;
  /** A game event from the room's socket. */
  received: (game: TGame) => void;
  /** From `room:state`: the running game on (re)connect. */
  fromState: (game: TGameForMember | null, me: TRoomMember | null) => void;
  start: (body: {
    source: 'cards' | 'test';
    testId?: string;
    secondsPerQuestion: number;
    questionCount: number;
  }) => Promise<void>;
  answer: (choice: number) => Promise<void>;
  next: () => Promise<void>;
  end: () => Promise<void>;
  addMisses: () => Promise<void>;
  dismiss: () => void;
  loadPastGames: () => Promise<void>;
}

const scoreOf = (game: TGame, me: TRoomMember | null) =>
  game.leaderboard.find((e) => e.member.id === me?.id)?.score ?? 0;

export const useLiveQuiz = create<LiveQuizState>()((set, get) => {
  async function loadResults(game: TGame) {
    const roomId = get().roomId;
    if (!roomId) return;
    try {
      const results = await getResults(roomId, game.id);
      if (get().game?.id === game.id) set({ results });
    } catch (error) {
      console.warn('Could not load the results', error);
    }
  }

  /** A newer state of the game, from an event or an answer. Events of another game replace it. */
  function apply(game: TGame) {
    const me = meRef.current;
    const current = get().game;
    const sameQuestion = current?.id === game.id && current.index === game.index;
    if (game.status === 'question' && !sameQuestion) {
      set({ game, myAnswer: null, scoreBefore: scoreOf(game, me), results: null });
      return;
    }
    set({ game });
    if (game.status === 'finished') {
      void loadResults(game);
      void get().loadPastGames();
    }
  }

  async function run(action: () => Promise<TGame | undefined>, failure: string) {
    if (get().busy) return;
    set({ busy: true });
    try {
      const game = await action();
      if (game) apply(game);
    } catch (error) {
      toastFailure(failure, error);
    } finally {
      set({ busy: false });
    }
  }

  return {
    roomId: null,
    game: null,
    myAnswer: null,
    scoreBefore: 0,
    results: null,
    pastGames: [],
    busy: false,
    clockOffsetMs: 0,

    reset: (roomId, me = null) => {
      meRef.current = me;
      set({ roomId, game: null, myAnswer: null, scoreBefore: 0, results: null, pastGames: [], busy: false });
    },

    received: (game) => apply(game),

    fromState: (game, me) => {
      meRef.current = me;
      if (!game) {
        // The game ended while away: keep the finished one on screen, drop a stale running one.
        if (get().game && get().game?.status !== 'finished') set({ game: null, myAnswer: null });
        return;
      }
      const { myAnswer, ...view } = game;
      const current = get().game;
      const scoreBefore =
        current?.id === game.id && current.index === game.index ? get().scoreBefore : scoreOf(view, me);
      set({ game: view, myAnswer, scoreBefore, results: null });
    },

    start: (body) =>
      run(async () => {
        const roomId = get().roomId;
        return roomId ? startGame(roomId, body) : undefined;
      }, 'Could not start the quiz'),

    answer: async (choice) => {
      const { roomId, game, myAnswer } = get();
      if (!roomId || !game || game.status !== 'question' || myAnswer !== null) return;
      // Locked in at once; undone if the server refuses it.
      set({ myAnswer: choice });
      try {
        await answerQuestion(roomId, game.id, game.index, choice);
      } catch (error) {
        // Answered already (another tab, a retry): the answer stands; anything else undoes it.
        if (!(error instanceof ApiError && error.code === ALREADY_ANSWERED)) set({ myAnswer: null });
        toastFailure('Could not answer', error);
      }
    },

    next: () =>
      run(async () => {
        const { roomId, game } = get();
        return roomId && game ? nextQuestion(roomId, game.id) : undefined;
      }, 'Could not move on'),

    end: () =>
      run(async () => {
        const { roomId, game } = get();
        return roomId && game ? endGame(roomId, game.id) : undefined;
      }, 'Could not end the game'),

    addMisses: async () => {
      const { roomId, game } = get();
      if (!roomId || !game) return;
      try {
        const added = await addMissesToFlashcards(roomId, game.id);
        toast.success(
          added === 0 ? 'No new cards to add' : `Added ${added} ${added === 1 ? 'card' : 'cards'} to Flashcards`,
        );
      } catch (error) {
        toastFailure('Could not add your misses', error);
      }
    },

    dismiss: () => set({ game: null, myAnswer: null, results: null }),

    loadPastGames: async () => {
      const roomId = get().roomId;
      if (!roomId) return;
      try {
        const pastGames = await listPastGames(roomId);
        if (get().roomId === roomId) set({ pastGames });
      } catch (error) {
        console.warn('Could not load past games', error);
      }
    },
  };
});

/** Who this learner is, for their own line of the leaderboard. */
const meRef: { current: TRoomMember | null } = { current: null };

/** The room socket's game events feed the quiz; `mine()` is false once another room is open. */
export function bindLiveQuiz(socket: RoomSocket, mine: () => boolean): void {
  const received = ({ game }: { game: TGame }) => mine() && useLiveQuiz.getState().received(game);
  socket.on('game:question', received);
  socket.on('game:reveal', received);
  socket.on('game:over', received);
  socket.on('connect', () => {
    void measureClockOffset(socket)
      .then((clockOffsetMs) => mine() && useLiveQuiz.setState({ clockOffsetMs }))
      .catch(() => {}); // No answer in time: the browser's own clock it is.
  });
  socket.on('game:progress', (progress) => {
    if (!mine()) return;
    const game = useLiveQuiz.getState().game;
    if (game?.id === progress.gameId && game.index === progress.index && game.status === 'question') {
      useLiveQuiz.setState({ game: { ...game, answered: progress.answered, expected: progress.expected } });
    }
  });
}
