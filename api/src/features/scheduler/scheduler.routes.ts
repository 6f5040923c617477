import { Readable } from 'node:stream';
import { listDeckExams, saveSchedulerSettings } from '@learnboost/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBacklog,
  ZDeckExam,
  ZExamList,
  ZForecast,
  ZForecastQuery,
  ZIdParams,
  ZJobParams,
  ZNotEnoughReviews,
  ZOptimizeJob,
  ZOptimizeStarted,
  ZSchedulerPatch,
  ZSchedulerState,
} from '../../contract';
import { backlogState } from './catch-up';
import { examForecast } from './exam';
import { forecast } from './forecast';
import {
  NotEnoughReviews,
  optimizeJob,
  resetParameters,
  revlogCsv,
  schedulerState,
  startOptimize,
} from './scheduler.service';

export const schedulerRoutes: FastifyPluginAsyncZod = async (app) => {
  const settingsOf = (userId: string) => app.schedulerSettings.get(app.db, userId);

  app.get('/scheduler', { schema: { response: { 200: ZSchedulerState } } }, async (req) =>
    schedulerState({ db: app.db, userId: req.user.id, settings: await settingsOf(req.user.id) }),
  );

  app.patch('/scheduler', { schema: { body: ZSchedulerPatch, response: { 200: ZSchedulerState } } }, async (req) => {
    await saveSchedulerSettings(app.db, req.user.id, req.body);
    app.schedulerChanged(req.user.id);
    return schedulerState({ db: app.db, userId: req.user.id, settings: await settingsOf(req.user.id) });
  });

  app.get('/scheduler/backlog', { schema: { response: { 200: ZBacklog } } }, async (req) =>
    backlogState({
      db: app.db,
      userId: req.user.id,
      timeZone: req.user.timeZone,
      catchUpPerDay: (await settingsOf(req.user.id)).catchUpPerDay,
    }),
  );

  app.post(
    '/scheduler/optimize',
    { schema: { response: { 202: ZOptimizeStarted, 422: ZNotEnoughReviews } } },
    async (req, reply) => {
      try {
        const started = await startOptimize({
          db: app.db,
          userId: req.user.id,
          timeZone: req.user.timeZone,
          optimizer: app.optimizer,
        });
        return reply.code(202).send(started);
      } catch (err) {
        if (err instanceof NotEnoughReviews)
          return reply.code(422).send({ error: err.message, reviewsNeeded: err.reviewsNeeded });
        throw err;
      }
    },
  );

  app.get('/scheduler/optimize/:jobId', { schema: { params: ZJobParams, response: { 200: ZOptimizeJob } } }, (req) =>
    optimizeJob({ db: app.db, userId: req.user.id, jobId: req.params.jobId }),
  );

  app.post('/scheduler/reset', { schema: { response: { 200: ZSchedulerState } } }, async (req) => {
    await resetParameters({ db: app.db, userId: req.user.id });
    app.schedulerChanged(req.user.id);
    return schedulerState({ db: app.db, userId: req.user.id, settings: await settingsOf(req.user.id) });
  });

  app.get(
    '/scheduler/forecast',
    { schema: { querystring: ZForecastQuery, response: { 200: ZForecast } } },
    async (req) =>
      forecast({
        db: app.db,
        userId: req.user.id,
        timeZone: req.user.timeZone,
        settings: await settingsOf(req.user.id),
        days: req.query.days,
        retentions: req.query.retention,
      }),
  );

  app.get('/decks/:id/exam', { schema: { params: ZIdParams, response: { 200: ZDeckExam } } }, async (req) =>
    examForecast({
      db: app.db,
      userId: req.user.id,
      deckId: req.params.id,
      timeZone: req.user.timeZone,
      settings: await settingsOf(req.user.id),
    }),
  );

  app.get('/scheduler/exams', { schema: { response: { 200: ZExamList } } }, async (req) =>
    (await listDeckExams(app.db, req.user.id)).map((e) => ({
      deckId: e.deckId,
      deckName: e.deckName,
      examDate: e.examDate,
    })),
  );

  app.get('/scheduler/revlog.csv', async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="revlog.csv"')
      .send(Readable.from(revlogCsv({ db: app.db, userId: req.user.id }))),
  );
};
