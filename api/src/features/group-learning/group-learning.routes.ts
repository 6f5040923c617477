import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STALE_CARD,
  ZAddRoomCardAnswer,
  ZAddRoomCardBody,
  ZCopyDeckBody,
  ZCreateRoomBody,
  ZEditRoomCardBody,
  ZEditRuleBody,
  ZJoinRoomBody,
  ZLeaveRoomBody,
  ZMemberRoleBody,
  ZRoomActivity,
  ZRoomCard,
  ZRoomCardParams,
  ZRoomDeckRules,
  ZRoomDeckStats,
  ZRoomDetail,
  ZRoomList,
  ZRoomMemberParams,
  ZRoomParams,
  ZRoomStudy,
  ZRoomSuggestion,
  ZRoomSuggestionAnswer,
  ZRoomSummary,
  ZStaleCardAnswer,
  ZStopStudyingBody,
  ZSuggestionParams,
  ZUpdateRoomBody,
} from '../../contract';
import type { AuthUser } from '../../lib/auth-user';
import { gameRoutes } from './game.routes';
import {
  createRoom,
  getRoomForViewer,
  joinRoom,
  leaveRoom,
  listRooms,
  removeRoom,
  renameRoom,
} from './group-learning.service';
import type { GroupLearningDeps } from './group-learning.socket';
import { roomActivity, undoLastChange } from './room-activity.service';
import { roomDeckStats } from './room-aggregates.service';
import {
  acceptSuggestion,
  addRoomCard,
  changeEditRule,
  changeMemberRole,
  editRoomCard,
  rejectSuggestion,
  removeRoomCard,
  StaleCardError,
} from './room-deck.service';
import { copyDeckIntoRoom, exportRoomDeck } from './room-deck-transfer.service';
import { roomMediaRoutes } from './room-media.routes';
import { roomStudy, stopStudyingRoomDeck, studyRoomDeck } from './room-study.service';

// A stale card (with the card as it is now) or another conflict (a suggestion decided already).
const ZConflict = z.union([ZStaleCardAnswer, z.object({ error: z.string(), code: z.string().optional() })]);

/** REST of the rooms; `deps` come from startGroupLearning, so a change here reaches the sockets. */
export const groupLearningRoutes: FastifyPluginAsyncZod<GroupLearningDeps> = async (
  app,
  { events, cardLimit, game },
) => {
  const ctx = (user: AuthUser) => ({ db: app.db, events, user: { id: user.id, username: user.username }, cardLimit });
  await app.register(gameRoutes, { game });
  await app.register(roomMediaRoutes);

  app.get('/group-learning/rooms', { schema: { response: { 200: ZRoomList } } }, () => listRooms({ db: app.db }));

  app.post(
    '/group-learning/rooms',
    { schema: { body: ZCreateRoomBody, response: { 201: ZRoomSummary } } },
    async (req, reply) => reply.code(201).send(await createRoom({ ...ctx(req.user), body: req.body })),
  );

  app.get('/group-learning/:roomId', { schema: { params: ZRoomParams, response: { 200: ZRoomDetail } } }, (req) =>
    getRoomForViewer({ db: app.db, roomId: req.params.roomId, userId: req.user.id }),
  );

  app.patch(
    '/group-learning/:roomId',
    { schema: { params: ZRoomParams, body: ZUpdateRoomBody, response: { 200: ZRoomDetail } } },
    (req) => renameRoom({ ...ctx(req.user), roomId: req.params.roomId, patch: req.body }),
  );

  app.delete(
    '/group-learning/:roomId',
    { schema: { params: ZRoomParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await removeRoom({ ...ctx(req.user), roomId: req.params.roomId });
      return reply.code(204).send(null);
    },
  );

  // The guest fields are validated for shape and otherwise ignored: the token says who joins.
  app.post(
    '/group-learning/:roomId/join',
    { schema: { params: ZRoomParams, body: ZJoinRoomBody, response: { 200: ZRoomDetail } } },
    (req) => joinRoom({ ...ctx(req.user), roomId: req.params.roomId }),
  );

  // A learner who studies the room deck says whether they keep its cards (default: kept).
  app.post(
    '/group-learning/:roomId/leave',
    { schema: { params: ZRoomParams, body: ZLeaveRoomBody, response: { 204: z.null() } } },
    async (req, reply) => {
      const keepCards = req.body?.keepCards ?? true;
      await stopStudyingRoomDeck({ db: app.db, userId: req.user.id, roomId: req.params.roomId, keepCards });
      await leaveRoom({ ...ctx(req.user), roomId: req.params.roomId });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/group-learning/:roomId/copy-deck',
    {
      schema: { params: ZRoomParams, body: ZCopyDeckBody, response: { 201: z.object({ cards: z.array(ZRoomCard) }) } },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await copyDeckIntoRoom({ ...ctx(req.user), roomId: req.params.roomId, deckId: req.body.deckId })),
  );

  // An .apkg is a zip already: compressing it again costs CPU and saves nothing.
  app.get(
    '/group-learning/:roomId/export.apkg',
    { schema: { params: ZRoomParams }, compress: false },
    async (req, reply) => {
      const { apkg } = await exportRoomDeck({ db: app.db, userId: req.user.id, roomId: req.params.roomId });
      return reply
        .type('application/octet-stream')
        .header('content-disposition', 'attachment; filename="room-deck.apkg"')
        .send(Buffer.from(apkg));
    },
  );

  app.get(
    '/group-learning/:roomId/activity',
    { schema: { params: ZRoomParams, response: { 200: z.array(ZRoomActivity) } } },
    (req) => roomActivity({ db: app.db, userId: req.user.id, roomId: req.params.roomId }),
  );

  app.post(
    '/group-learning/:roomId/undo',
    {
      schema: {
        params: ZRoomParams,
        response: { 200: z.object({ card: ZRoomCard.optional(), removedCardId: z.string().optional() }) },
      },
    },
    (req) => undoLastChange({ ...ctx(req.user), roomId: req.params.roomId }),
  );

  app.get(
    '/group-learning/:roomId/deck-stats',
    { schema: { params: ZRoomParams, response: { 200: ZRoomDeckStats } } },
    (req) => roomDeckStats({ db: app.db, userId: req.user.id, roomId: req.params.roomId }),
  );

  app.get('/group-learning/:roomId/study', { schema: { params: ZRoomParams, response: { 200: ZRoomStudy } } }, (req) =>
    roomStudy({ db: app.db, userId: req.user.id, roomId: req.params.roomId }),
  );

  app.post('/group-learning/:roomId/study', { schema: { params: ZRoomParams, response: { 200: ZRoomStudy } } }, (req) =>
    studyRoomDeck({ db: app.db, userId: req.user.id, roomId: req.params.roomId }),
  );

  app.delete(
    '/group-learning/:roomId/study',
    { schema: { params: ZRoomParams, body: ZStopStudyingBody, response: { 204: z.null() } } },
    async (req, reply) => {
      await stopStudyingRoomDeck({ db: app.db, userId: req.user.id, roomId: req.params.roomId, ...req.body });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/group-learning/:roomId/flashcards/add',
    {
      schema: {
        params: ZRoomParams,
        body: ZAddRoomCardBody,
        response: { 201: ZAddRoomCardAnswer, 202: ZRoomSuggestionAnswer },
      },
    },
    async (req, reply) => {
      const change = await addRoomCard({ ...ctx(req.user), roomId: req.params.roomId, body: req.body });
      // Under "Members suggest" a member's card waits for the host or an editor: accepted, not made.
      return 'card' in change ? reply.code(201).send(change) : reply.code(202).send(change);
    },
  );

  app.put(
    '/group-learning/:roomId/flashcards/:cardId',
    {
      schema: {
        params: ZRoomCardParams,
        body: ZEditRoomCardBody,
        response: { 200: ZAddRoomCardAnswer, 202: ZRoomSuggestionAnswer, 409: ZConflict },
      },
    },
    async (req, reply) => {
      try {
        const change = await editRoomCard({ ...ctx(req.user), ...req.params, body: req.body });
        return 'card' in change ? reply.send(change) : reply.code(202).send(change);
      } catch (err) {
        // 409 with the card as it is now (ZStaleCardAnswer), so the screen shows both versions.
        if (err instanceof StaleCardError)
          return reply.code(409).send({ error: err.message, code: STALE_CARD, card: err.card });
        throw err;
      }
    },
  );

  app.put(
    '/group-learning/:roomId/edit-rule',
    { schema: { params: ZRoomParams, body: ZEditRuleBody, response: { 200: ZRoomDeckRules } } },
    (req) => changeEditRule({ ...ctx(req.user), roomId: req.params.roomId, editRule: req.body.editRule }),
  );

  app.put(
    '/group-learning/:roomId/members/:userId/role',
    { schema: { params: ZRoomMemberParams, body: ZMemberRoleBody, response: { 200: ZRoomDeckRules } } },
    (req) => changeMemberRole({ ...ctx(req.user), ...req.params, role: req.body.role }),
  );

  app.post(
    '/group-learning/:roomId/suggestions/:suggestionId/accept',
    {
      schema: {
        params: ZSuggestionParams,
        response: { 200: z.object({ suggestion: ZRoomSuggestion, card: ZRoomCard.optional() }), 409: ZConflict },
      },
    },
    async (req, reply) => {
      try {
        return await acceptSuggestion({ ...ctx(req.user), ...req.params });
      } catch (err) {
        if (err instanceof StaleCardError)
          return reply.code(409).send({ error: err.message, code: STALE_CARD, card: err.card });
        throw err;
      }
    },
  );

  app.post(
    '/group-learning/:roomId/suggestions/:suggestionId/reject',
    { schema: { params: ZSuggestionParams, response: { 200: ZRoomSuggestionAnswer } } },
    (req) => rejectSuggestion({ ...ctx(req.user), ...req.params }),
  );

  app.delete(
    '/group-learning/:roomId/flashcards/:cardId',
    { schema: { params: ZRoomCardParams, response: { 204: z.null(), 202: ZRoomSuggestionAnswer } } },
    async (req, reply) => {
      const change = await removeRoomCard({ ...ctx(req.user), ...req.params });
      return 'suggestion' in change ? reply.code(202).send(change) : reply.code(204).send(null);
    },
  );
};
