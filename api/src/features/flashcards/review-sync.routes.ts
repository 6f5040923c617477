import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOfflineSnapshot, ZSyncAnswer, ZSyncBody } from '../../contract';
import { offlineSnapshot } from './offline-snapshot';
import { syncReviews } from './review-sync.service';

export const reviewSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reviews made offline, in the order they were made; each answered applied, duplicate or rejected.
  app.post('/flashcards/reviews/sync', { schema: { body: ZSyncBody, response: { 200: ZSyncAnswer } } }, async (req) => {
    const answer = await syncReviews({
      ...{ db: app.db, userId: req.user.id, timeZone: req.user.timeZone, reviews: req.body.reviews },
      scheduler: await app.schedulerSettings.get(app.db, req.user.id),
    });
    // Reviews count toward the learner's next automatic optimisation, as online ones do.
    app.optimizer.noteReviews(req.user.id, answer.results.filter((r) => r.status === 'applied').length);
    return answer;
  });

  // What the browser keeps for studying offline; asked again after every sync.
  app.get('/flashcards/offline', { schema: { response: { 200: ZOfflineSnapshot } } }, async (req) =>
    offlineSnapshot({
      ...{ db: app.db, userId: req.user.id, timeZone: req.user.timeZone },
      scheduler: await app.schedulerSettings.get(app.db, req.user.id),
    }),
  );
};
