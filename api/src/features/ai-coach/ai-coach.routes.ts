import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCoachInsights } from '../../contract';
import { coachInsights, type PhraseCoach } from './ai-coach.service';

export type AiCoachOptions = { phrase?: PhraseCoach };

export const aiCoachRoutes: FastifyPluginAsyncZod<AiCoachOptions> = async (app, opts) => {
  app.get('/ai-coach/insights', { schema: { response: { 200: ZCoachInsights } } }, (req) =>
    coachInsights(app.db, req.user.id, opts.phrase),
  );
};
