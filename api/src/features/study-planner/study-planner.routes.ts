import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCalendar,
  ZCalendarFeed,
  ZCalendarQuery,
  ZCreateSessionBody,
  ZIdParams,
  ZStudySession,
  ZUpdateSessionBody,
} from '../../contract';
import { publicUrl } from '../../lib/public-url';
import { getFeed, renderFeed, rotateFeed } from './calendar-feed.service';
import { calendar, changeSession, dropSession, planSession } from './study-planner.service';

export type StudyPlannerRoutesOptions = { publicUrl?: string };

export const studyPlannerRoutes: FastifyPluginAsyncZod<StudyPlannerRoutesOptions> = async (app, opts) => {
  const ctx = (userId: string) => ({ db: app.db, userId });
  // The feed's link is built from PUBLIC_URL (or the listen address), never the Host header.
  const origin = () => publicUrl(app, opts.publicUrl);

  app.get('/study-planner/calendar', { schema: { querystring: ZCalendarQuery, response: { 200: ZCalendar } } }, (req) =>
    calendar({ ...req.query, ...ctx(req.user.id) }),
  );

  app.post(
    '/study-planner/sessions',
    { schema: { body: ZCreateSessionBody, response: { 201: ZStudySession } } },
    async (req, reply) => reply.code(201).send(await planSession({ ...req.body, ...ctx(req.user.id) })),
  );

  app.patch(
    '/study-planner/sessions/:id',
    { schema: { params: ZIdParams, body: ZUpdateSessionBody, response: { 200: ZStudySession } } },
    (req) => changeSession({ ...ctx(req.user.id), sessionId: req.params.id, changes: req.body }),
  );

  app.delete(
    '/study-planner/sessions/:id',
    { schema: { params: ZIdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await dropSession({ ...ctx(req.user.id), sessionId: req.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get('/study-planner/feed', { schema: { response: { 200: ZCalendarFeed } } }, (req) =>
    getFeed({ ...ctx(req.user.id), origin: origin() }),
  );

  app.post('/study-planner/feed/rotate', { schema: { response: { 200: ZCalendarFeed } } }, (req) =>
    rotateFeed({ ...ctx(req.user.id), origin: origin() }),
  );

  // Calendar apps cannot send a bearer token: the feed's own secret, in the URL, stands for it.
  app.get(
    '/study-planner/calendar.ics',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        querystring: z.object({
          token: z.string().optional(),
        }),
      },
    },
    async (req, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(await renderFeed({ db: app.db, secret: req.query.token ?? '' })),
  );
};
