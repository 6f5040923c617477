import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGenerateBody, ZGenerated } from '../../contract';
import { aiSignal } from '../ai/call-signal';
import { generateCards } from './generator.service';

export const generatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/generator/generate', { schema: { body: ZGenerateBody, response: { 200: ZGenerated } } }, (req, reply) =>
    generateCards({
      db: app.db,
      userId: req.user.id,
      ai: app.ai,
      signal: aiSignal(reply, app.aiTimeoutMs),
      text: req.body.text,
    }),
  );
};
