import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreatedTest,
  ZCreateTestBody,
  ZIdParams,
  ZJustifications,
  ZJustifyBody,
  ZQuestionParams,
  ZSharedTest,
  ZShareLink,
  ZShareParams,
  ZSubmission,
  ZSubmitBody,
  ZTestDetail,
  ZTestSummary,
} from '../../contract';
import { aiSignal } from '../ai/call-signal';
import {
  createTest,
  deleteTest,
  flagQuestion,
  getTest,
  justify,
  listTests,
  previewShared,
  shareTest,
  submitTest,
  takeShared,
} from './knowledge-tests.service';

export const knowledgeTestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (userId: string) => ({ db: app.db, userId });

  app.post(
    '/knowledge-tests',
    { schema: { body: ZCreateTestBody, response: { 201: ZCreatedTest } } },
    async (req, reply) => {
      const signal = aiSignal(reply, app.aiTimeoutMs);
      const created = await createTest({ ...req.body, ...ctx(req.user.id), ai: app.ai, signal });
      return reply.code(201).send(created);
    },
  );

  app.get('/knowledge-tests', { schema: { response: { 200: z.array(ZTestSummary) } } }, (req) =>
    listTests(ctx(req.user.id)),
  );

  app.get('/knowledge-tests/:id', { schema: { params: ZIdParams, response: { 200: ZTestDetail } } }, (req) =>
    getTest({ ...ctx(req.user.id), testId: req.params.id }),
  );

  app.post(
    '/knowledge-tests/:id/submit',
    { schema: { params: ZIdParams, body: ZSubmitBody, response: { 200: ZSubmission } } },
    (req) => submitTest({ ...ctx(req.user.id), testId: req.params.id, answers: req.body.answers }),
  );

  app.post(
    '/knowledge-tests/:id/questions/:qId/flag',
    { schema: { params: ZQuestionParams, response: { 200: ZTestDetail } } },
    (req) => flagQuestion({ ...ctx(req.user.id), testId: req.params.id, questionId: req.params.qId }),
  );

  app.post(
    '/knowledge-tests/:id/justify',
    { schema: { params: ZIdParams, body: ZJustifyBody, response: { 200: ZJustifications } } },
    (req, reply) =>
      justify({
        ...req.body,
        ...ctx(req.user.id),
        ai: app.ai,
        signal: aiSignal(reply, app.aiTimeoutMs),
        testId: req.params.id,
      }),
  );

  app.delete(
    '/knowledge-tests/:id',
    { schema: { params: ZIdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteTest({ ...ctx(req.user.id), testId: req.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post('/knowledge-tests/:id/share', { schema: { params: ZIdParams, response: { 200: ZShareLink } } }, (req) =>
    shareTest({ ...ctx(req.user.id), testId: req.params.id }),
  );

  app.get(
    '/knowledge-tests/shared/:shareId',
    { schema: { params: ZShareParams, response: { 200: ZSharedTest } } },
    (req) => previewShared({ db: app.db, shareId: req.params.shareId }),
  );

  app.post(
    '/knowledge-tests/shared/:shareId/take',
    { schema: { params: ZShareParams, response: { 201: ZCreatedTest } } },
    async (req, reply) => reply.code(201).send(await takeShared({ ...ctx(req.user.id), shareId: req.params.shareId })),
  );
};
