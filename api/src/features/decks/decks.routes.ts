import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDeckBody, ZDeckList, ZDeckSummary, ZDeleteDeckQuery, ZIdParams } from '../../contract';
import { createDeck, deleteDeck, listDecks, renameDeck } from './decks.service';

export const decksRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (userId: string) => ({ db: app.db, userId });

  app.get('/decks', { schema: { response: { 200: ZDeckList } } }, (req) => listDecks(ctx(req.user.id)));

  app.post('/decks', { schema: { body: ZDeckBody, response: { 201: ZDeckSummary } } }, async (req, reply) =>
    reply.code(201).send(await createDeck({ ...ctx(req.user.id), name: req.body.name })),
  );

  app.patch('/decks/:id', { schema: { params: ZIdParams, body: ZDeckBody, response: { 200: ZDeckSummary } } }, (req) =>
    renameDeck({ ...ctx(req.user.id), deckId: req.params.id, name: req.body.name }),
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
