import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZGame,
  ZGameAnswerAccepted,
  ZGameAnswerBody,
  ZGameParams,
  ZGameResults,
  ZMissesAdded,
  ZPastGames,
  ZRoomParams,
  ZStartGameAnswer,
  ZStartGameBody,
} from '../../contract';
import {
  addMissesToFlashcards,
  answerQuestion,
  endGame,
  type GameDeps,
  gameResults,
  getGame,
  listPastGames,
  nextStep,
  startGame,
} from './game.service';

/** The live quiz of a room, under /group-learning/{roomId}/games (issue 13). */
export const gameRoutes: FastifyPluginAsyncZod<{ game: GameDeps }> = async (app, { game: deps }) => {
  const base = '/group-learning/:roomId/games';

  app.post(
    base,
    { schema: { params: ZRoomParams, body: ZStartGameBody, response: { 201: ZStartGameAnswer } } },
    async (req, reply) => {
      const game = await startGame({ ...deps, userId: req.user.id, roomId: req.params.roomId, body: req.body });
      return reply.code(201).send({ game });
    },
  );

  app.get(base, { schema: { params: ZRoomParams, response: { 200: ZPastGames } } }, (req) =>
    listPastGames({ db: deps.db, userId: req.user.id, roomId: req.params.roomId }),
  );

  app.get(`${base}/:gameId`, { schema: { params: ZGameParams, response: { 200: ZGame } } }, (req) =>
    getGame({ ...deps, userId: req.user.id, ...req.params }),
  );

  app.post(
    `${base}/:gameId/answers`,
    { schema: { params: ZGameParams, body: ZGameAnswerBody, response: { 200: ZGameAnswerAccepted } } },
    (req) => answerQuestion({ ...deps, userId: req.user.id, ...req.params, ...req.body }),
  );

  app.post(`${base}/:gameId/next`, { schema: { params: ZGameParams, response: { 200: ZGame } } }, (req) =>
    nextStep({ ...deps, userId: req.user.id, ...req.params }),
  );

  app.post(`${base}/:gameId/end`, { schema: { params: ZGameParams, response: { 200: ZGame } } }, (req) =>
    endGame({ ...deps, userId: req.user.id, ...req.params }),
  );

  app.get(`${base}/:gameId/results`, { schema: { params: ZGameParams, response: { 200: ZGameResults } } }, (req) =>
    gameResults({ db: deps.db, userId: req.user.id, ...req.params }),
  );

  app.post(
    `${base}/:gameId/misses-to-flashcards`,
    { schema: { params: ZGameParams, response: { 201: ZMissesAdded } } },
    async (req, reply) =>
      reply.code(201).send(await addMissesToFlashcards({ db: deps.db, userId: req.user.id, ...req.params })),
  );
};
