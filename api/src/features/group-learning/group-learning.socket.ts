import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  STALE_CARD,
  type TGameAck,
  type TRoomAck,
  type TRoomEditAck,
  ZAddRoomCardBody,
  ZEditRoomCardBody,
  ZGameAnswerBody,
} from '../../contract';
import { AppError, errorBody } from '../../lib/errors';
import type { WindowCounter } from '../../lib/rate-counter';
import {
  answerQuestion,
  closeAndReveal,
  GameCache,
  type GameDeps,
  runningGameFor,
  stopWaitingForAbsent,
} from './game.service';
import { createGameClock } from './game-clock';
import { getRoomState } from './group-learning.service';
import { PerMinuteLimit } from './rate-limit';
import { openLobby, openRoomNamespaces, type RoomSocket, userRoom } from './room-admission';
import { RoomChannels } from './room-channels';
import { addRoomCard, editRoomCard, removeRoomCard, StaleCardError } from './room-deck.service';
import type { RoomEvents } from './room-events';
import { gameEventsOn, roomEventsOn } from './room-fan-out';
import { EditLocks } from './room-locks';

const ZSocketGameAnswer = ZGameAnswerBody.extend({ gameId: z.uuid({ error: 'Game not found' }) });
const ZSocketCardId = z.object({ cardId: z.uuid({ error: 'Card not found' }) });

export type RoomSocketOptions = {
  cardsPerMinute: number;
  /** How long a room card's soft lock holds without a keystroke. */
  editLockIdleMs?: number;
  counter: WindowCounter;
  /** Set: the api runs as several processes sharing this Redis (events, game clock leases). */
  redisUrl?: string;
  redisStreamName: string;
};

/** What the group-learning routes and sockets share: the events they publish, the card budget, the game. */
export type GroupLearningDeps = { events: RoomEvents; cardLimit: PerMinuteLimit; game: GameDeps };

/**
 * The live side of group learning: the lobby and the `/rooms/<roomId>` namespaces (admission in
 * room-admission.ts, presence in room-channels.ts, events onto the wire in room-fan-out.ts) and
 * the game's clock. Answers what the REST routes need to publish through the same sockets.
 */
export function startGroupLearning(
  app: FastifyInstance,
  { cardsPerMinute, editLockIdleMs = 60_000, counter, redisUrl, redisStreamName }: RoomSocketOptions,
): GroupLearningDeps {
  const cardLimit = new PerMinuteLimit(cardsPerMinute, counter, (err) =>
    app.log.warn({ err }, 'room-card limit unavailable; the card goes through'),
  );
  const parent = openRoomNamespaces(app);
  const channels = new RoomChannels(app, redisUrl, redisStreamName, onConnection);
  const lobby = openLobby(app);
  const locks = new EditLocks(editLockIdleMs);
  const events = roomEventsOn(channels, lobby);

  const clock = createGameClock({
    db: app.db,
    redisUrl,
    keyPrefix: redisStreamName,
    close: (gameId, index) => closeAndReveal({ ...game, gameId, index }),
    onError: (err) => app.log.warn({ err }, 'game clock'),
  });
  const game: GameDeps = { db: app.db, events: gameEventsOn(channels, lobby), clock, cache: new GameCache() };
  channels.lapsed.push((roomId) => {
    void stopWaitingForAbsent(game, roomId).catch((err: unknown) => app.log.warn({ err }, 'game: absent players'));
  });
  app.addHook('onReady', () => clock.start());
  app.addHook('onClose', () => clock.stop());

  async function answer(socket: RoomSocket, body: unknown, ack: (answer: TGameAck) => void): Promise<void> {
    const parsed = ZSocketGameAnswer.safeParse(body);
    if (!parsed.success) return ack({ error: parsed.error.issues[0]?.message ?? 'Invalid answer' });
    const { roomId, user } = socket.data;
    try {
      ack(await answerQuestion({ ...game, userId: user.id, roomId, ...parsed.data }));
    } catch (err) {
      if (!(err instanceof AppError)) app.log.error({ err }, 'answering over a socket failed');
      ack(err instanceof AppError ? errorBody(err) : { error: 'Failed to answer' });
    }
  }

  async function addCard(socket: RoomSocket, body: unknown, ack: (answer: TRoomAck) => void): Promise<void> {
    const { member, roomId } = socket.data;
    const parsed = ZAddRoomCardBody.safeParse(body);
    if (!parsed.success) return ack({ error: parsed.error.issues[0]?.message ?? 'Invalid card' });
    try {
      ack(await addRoomCard({ db: app.db, events, user: member, cardLimit, roomId, body: parsed.data }));
    } catch (err) {
      if (!(err instanceof AppError)) app.log.error({ err }, 'adding a room card over a socket failed');
      ack({ error: err instanceof AppError ? err.message : 'Failed to add flashcard' });
    }
  }

  // The same rules as PUT …/flashcards/{cardId}: a stale version answers the card as it is now.
  async function editCard(socket: RoomSocket, body: unknown, ack: (answer: TRoomEditAck) => void): Promise<void> {
    const { member, roomId } = socket.data;
    const id = ZSocketCardId.safeParse(body);
    if (!id.success) return ack({ error: id.error.issues[0]?.message ?? 'Card not found' });
    const parsed = ZEditRoomCardBody.safeParse(body);
    if (!parsed.success) return ack({ error: parsed.error.issues[0]?.message ?? 'Invalid card' });
    try {
      ack(await editRoomCard({ db: app.db, events, user: member, roomId, cardId: id.data.cardId, body: parsed.data }));
    } catch (err) {
      if (err instanceof StaleCardError) return ack({ error: err.message, code: STALE_CARD, card: err.card });
      if (!(err instanceof AppError)) app.log.error({ err }, 'editing a room card over a socket failed');
      ack({ error: err instanceof AppError ? err.message : 'Failed to save the card' });
    }
  }

  async function removeCard(socket: RoomSocket, body: unknown, ack: (answer: object) => void): Promise<void> {
    const { member, roomId } = socket.data;
    const id = ZSocketCardId.safeParse(body);
    if (!id.success) return ack({ error: id.error.issues[0]?.message ?? 'Card not found' });
    try {
      const change = await removeRoomCard({ db: app.db, events, user: member, roomId, cardId: id.data.cardId });
      ack('suggestion' in change ? change : {});
    } catch (err) {
      if (!(err instanceof AppError)) app.log.error({ err }, 'deleting a room card over a socket failed');
      ack({ error: err instanceof AppError ? err.message : 'Failed to delete the card' });
    }
  }

  function onConnection(socket: RoomSocket): void {
    const { roomId, user } = socket.data;
    channels.remember(socket.nsp);
    // Online for every process before anyone is told (room:state, presence, a game's start).
    const present = channels.opened(socket);
    socket.on('disconnect', () => channels.forget(socket.nsp));
    void socket.join(userRoom(user.id));
    locks.wire(socket);
    socket.on('card:add', (body: unknown, ack: unknown) => {
      // Anything can arrive over the wire: without a callback there is nobody to answer.
      if (typeof ack === 'function') void addCard(socket, body, ack as (answer: TRoomAck) => void);
    });
    socket.on('card:edit', (body: unknown, ack: unknown) => {
      if (typeof ack === 'function') void editCard(socket, body, ack as (answer: TRoomEditAck) => void);
    });
    socket.on('card:remove', (body: unknown, ack: unknown) => {
      if (typeof ack === 'function') void removeCard(socket, body, ack as (answer: object) => void);
    });
    socket.on('time:sync', (ack: unknown) => {
      if (typeof ack === 'function') (ack as (serverNow: number) => void)(Date.now());
    });
    socket.on('game:answer', (body: unknown, ack: unknown) => {
      if (typeof ack === 'function') void answer(socket, body, ack as (answer: TGameAck) => void);
    });
    // 'disconnecting', not 'disconnect': the namespace still exists (it is freed once empty), so
    // other processes hear of it without a namespace being opened again just to say so.
    socket.on('disconnecting', (reason) => {
      const gone = channels.closing(socket);
      // Closed by the server: the member left (memberLeft announces), the room is gone, or the
      // app is shutting down.
      if (reason === 'server namespace disconnect' || reason === 'server shutting down') return;
      void gone.then(() => channels.announcePresence(roomId)).catch(() => {});
    });
    void (async () => {
      await present;
      // A recovered socket already holds the state and has just been replayed what it missed.
      if (!socket.recovered) {
        const [state, running, editing] = await Promise.all([
          channels.onlineIn(socket.nsp).then((online) => getRoomState({ db: app.db, roomId, online })),
          runningGameFor(game, roomId, user.id),
          locks.held(socket.nsp),
        ]);
        socket.emit('room:state', { ...state, game: running, editing });
      }
      await channels.announcePresence(roomId);
    })().catch((err: unknown) => {
      app.log.error({ err }, 'sending the room state failed');
      socket.disconnect(true);
    });
  }
  parent.on('connection', onConnection);

  return { events, cardLimit, game };
}
