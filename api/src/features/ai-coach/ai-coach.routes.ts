import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCoachInsights } from '../../contract';
import { coachInsights } from './ai-coach.service';

export const aiCoachRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/ai-coach/insights', { schema: { response: { 200: ZCoachInsights } } }, (req) =>
    coachInsights({
      db: app.db,
      userId: req.user.id,
      voice: {
        phrase: (facts) => app.ai.coach(facts, { signal: AbortSignal.timeout(app.aiTimeoutMs) }),
        fallback: (facts) => app.ai.coachFallback(facts),
      },
    }),
  );
};
