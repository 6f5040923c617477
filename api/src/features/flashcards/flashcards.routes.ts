import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAhead,
  ZBulkBody,
  ZBulkResult,
  ZCardHistory,
  ZCardSearchQuery,
  ZCardSearchResult,
  ZCreateFlashcardBody,
  ZDeck,
  ZDeckQuery,
  ZFlashcard,
  ZIdParams,
  ZPracticeBody,
  ZPracticed,
  ZReviewBody,
  ZStudyQuery,
  ZStudyQueue,
  ZUndoBody,
  ZUpdateFlashcardBody,
} from '../../contract';
import { browseCards, bulkChange, cardHistory } from './card-browser';
import { createCard, editCard, getCard, listDeck, removeCard, reviewCard, undoLastReview } from './flashcards.service';
import { cardsAhead, practiseCard } from './study-ahead';
import { studyQueue } from './study-queue';

export const flashcardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (userId: string) => ({ db: app.db, userId });

  app.get('/flashcards', { schema: { querystring: ZDeckQuery, response: { 200: ZDeck } } }, (req) =>
    listDeck({ ...req.query, ...ctx(req.user.id) }),
  );

  app.get(
    '/flashcards/study',
    { schema: { querystring: ZStudyQuery, response: { 200: ZStudyQueue } } },
    async (req) => {
      const scheduler = await app.schedulerSettings.get(app.db, req.user.id);
      return studyQueue({
        ...{ ...ctx(req.user.id), timeZone: req.user.timeZone, deckId: req.query.deckId },
        ...{ scheduler, catchUpPerDay: scheduler.catchUpPerDay },
      });
    },
  );

  app.get(
    '/flashcards/search',
    { schema: { querystring: ZCardSearchQuery, response: { 200: ZCardSearchResult } } },
    (req) => browseCards({ ...ctx(req.user.id), timeZone: req.user.timeZone, query: req.query }),
  );

  app.post('/flashcards/bulk', { schema: { body: ZBulkBody, response: { 200: ZBulkResult } } }, (req) =>
    bulkChange({ ...ctx(req.user.id), ...req.body }),
  );

  app.get('/flashcards/ahead', { schema: { querystring: ZStudyQuery, response: { 200: ZAhead } } }, (req) =>
    cardsAhead({ ...ctx(req.user.id), deckId: req.query.deckId }),
  );

  app.post(
    '/flashcards/:id/practice',
    { schema: { params: ZIdParams, body: ZPracticeBody, response: { 201: ZPracticed } } },
    async (req, reply) =>
      reply.code(201).send(await practiseCard({ ...req.body, ...ctx(req.user.id), cardId: req.params.id })),
  );

  app.post(
    '/flashcards',
    { schema: { body: ZCreateFlashcardBody, response: { 201: ZFlashcard } } },
    async (req, reply) => reply.code(201).send(await createCard({ ...req.body, ...ctx(req.user.id) })),
  );

  app.get('/flashcards/:id/reviews', { schema: { params: ZIdParams, response: { 200: ZCardHistory } } }, (req) =>
    cardHistory({ ...ctx(req.user.id), cardId: req.params.id }),
  );

  app.get('/flashcards/:id', { schema: { params: ZIdParams, response: { 200: ZFlashcard } } }, (req) =>
    getCard({ ...ctx(req.user.id), cardId: req.params.id }),
  );

  app.patch(
    '/flashcards/:id',
    { schema: { params: ZIdParams, body: ZUpdateFlashcardBody, response: { 200: ZFlashcard } } },
    (req) => editCard({ ...ctx(req.user.id), cardId: req.params.id, changes: req.body }),
  );

  app.delete('/flashcards/:id', { schema: { params: ZIdParams, response: { 204: z.null() } } }, async (req, reply) => {
    await removeCard({ ...ctx(req.user.id), cardId: req.params.id });
    return reply.code(204).send(null);
  });

  app.put(
    '/flashcards/:id/review',
    { schema: { params: ZIdParams, body: ZReviewBody, response: { 200: ZFlashcard } } },
    async (req) => {
      const scheduler = await app.schedulerSettings.get(app.db, req.user.id);
      const card = await reviewCard({
        ...{ ...req.body, ...ctx(req.user.id), cardId: req.params.id, timeZone: req.user.timeZone, scheduler },
      });
      app.optimizer.noteReviews(req.user.id, 1);
      return card;
    },
  );

  app.post(
    '/flashcards/:id/undo',
    { schema: { params: ZIdParams, body: ZUndoBody, response: { 200: ZFlashcard } } },
    async (req) =>
      undoLastReview({
        ...{ ...ctx(req.user.id), cardId: req.params.id, timeZone: req.user.timeZone, ...req.body },
        scheduler: await app.schedulerSettings.get(app.db, req.user.id),
      }),
  );
};
