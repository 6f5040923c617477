import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDeckBody, ZDeckList, ZDeckPatch, ZDeckSummary, ZDeleteDeckQuery, ZIdParams } from '../../contract';
import { setExamDate } from '../scheduler/exam';
import { createDeck, deleteDeck, listDecks, ownedDeck, renameDeck } from './decks.service';

export const decksRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (userId: string) => ({ db: app.db, userId });

  app.get('/decks', { schema: { response: { 200: ZDeckList } } }, (req) => listDecks(ctx(req.user.id)));

  app.post('/decks', { schema: { body: ZDeckBody, response: { 201: ZDeckSummary } } }, async (req, reply) =>
    reply.code(201).send(await createDeck({ ...ctx(req.user.id), name: req.body.name })),
  );

  app.patch(
    '/decks/:id',
    { schema: { params: ZIdParams, body: ZDeckPatch, response: { 200: ZDeckSummary } } },
    async (req) => {
      const { name, examDate } = req.body;
      const deckId = req.params.id;
      if (examDate !== undefined) {
        const settings = await app.schedulerSettings.get(app.db, req.user.id);
        await setExamDate({ ...ctx(req.user.id), deckId, examDate, timeZone: req.user.timeZone, settings });
        // The exam now shapes this learner's intervals, in every process.
        app.schedulerChanged(req.user.id);
      }
      return renameDeck({
        ...ctx(req.user.id),
        deckId,
        name: name ?? (await ownedDeck(app.db, req.user.id, deckId)).name,
      });
    },
  );

  app.delete(
    '/decks/:id',
    { schema: { params: ZIdParams, querystring: ZDeleteDeckQuery, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteDeck({ ...ctx(req.user.id), deckId: req.params.id, ...req.query });
      return reply.code(204).send(null);
    },
  );
};
