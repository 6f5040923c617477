import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSyncAnswer, ZSyncBody } from '../../contract';
import { syncReviews } from './review-sync.service';

export const reviewSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reviews made offline, in the order they were made; each answered applied, duplicate or rejected.
  app.post('/flashcards/reviews/sync', { schema: { body: ZSyncBody, response: { 200: ZSyncAnswer } } }, (req) =>
    syncReviews({ db: app.db, userId: req.user.id, timeZone: req.user.timeZone, reviews: req.body.reviews }),
  );
};
