import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCalendar,
  ZCalendarQuery,
  ZCreateSessionBody,
  ZIdParams,
  ZStudySession,
  ZUpdateSessionBody,
} from '../../contract';
import { calendar, changeSession, dropSession, planSession } from './study-planner.service';

export const studyPlannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (userId: string) => ({ db: app.db, userId });

  app.get('/study-planner/calendar', { schema: { querystring: ZCalendarQuery, response: { 200: ZCalendar } } }, (req) =>
    calendar(ctx(req.user.id), req.query.from, req.query.to),
  );

  app.post(
    '/study-planner/sessions',
    { schema: { body: ZCreateSessionBody, response: { 201: ZStudySession } } },
    async (req, reply) => reply.code(201).send(await planSession(ctx(req.user.id), req.body)),
  );

  app.patch(
    '/study-planner/sessions/:id',
    { schema: { params: ZIdParams, body: ZUpdateSessionBody, response: { 200: ZStudySession } } },
    (req) => changeSession(ctx(req.user.id), req.params.id, req.body),
  );

  app.delete(
    '/study-planner/sessions/:id',
    { schema: { params: ZIdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await dropSession(ctx(req.user.id), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
