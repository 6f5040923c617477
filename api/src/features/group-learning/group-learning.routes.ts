import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddRoomCardAnswer,
  ZAddRoomCardBody,
  ZCreateRoomBody,
  ZJoinRoomBody,
  ZRoomCardParams,
  ZRoomDetail,
  ZRoomList,
  ZRoomParams,
  ZRoomSummary,
  ZUpdateRoomBody,
} from '../../contract';
import type { AuthUser } from '../../lib/auth-user';
import { gameRoutes } from './game.routes';
import {
  addRoomCard,
  createRoom,
  getRoomForViewer,
  joinRoom,
  leaveRoom,
  listRooms,
  removeRoom,
  removeRoomCard,
  renameRoom,
} from './group-learning.service';
import type { GroupLearningDeps } from './group-learning.socket';

/** REST of the rooms; `deps` come from startGroupLearning, so a change here reaches the sockets. */
export const groupLearningRoutes: FastifyPluginAsyncZod<GroupLearningDeps> = async (
  app,
  { events, cardLimit, game },
) => {
  const ctx = (user: AuthUser) => ({ db: app.db, events, user: { id: user.id, username: user.username }, cardLimit });
  await app.register(gameRoutes, { game });

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

  app.post(
    '/group-learning/:roomId/leave',
    { schema: { params: ZRoomParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await leaveRoom({ ...ctx(req.user), roomId: req.params.roomId });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/group-learning/:roomId/flashcards/add',
    { schema: { params: ZRoomParams, body: ZAddRoomCardBody, response: { 201: ZAddRoomCardAnswer } } },
    async (req, reply) => {
      const card = await addRoomCard({ ...ctx(req.user), roomId: req.params.roomId, body: req.body });
      return reply.code(201).send({ card });
    },
  );

  app.delete(
    '/group-learning/:roomId/flashcards/:cardId',
    { schema: { params: ZRoomCardParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await removeRoomCard({ ...ctx(req.user), ...req.params });
      return reply.code(204).send(null);
    },
  );
};
