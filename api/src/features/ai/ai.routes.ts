import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAiStatus } from '../../contract';
import type { Config } from '../../lib/config';
import type { AiProvider } from './provider';
import { selectProvider } from './select-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI back end chosen at start (builtin, gemini or openai). */
    ai: AiProvider;
    aiTimeoutMs: number;
  }
}

/** Chooses the provider once and shares it with every AI feature (call it in the /api plugin, before the AI routes). */
export function decorateAi(app: FastifyInstance, config: Config): void {
  app.decorate('ai', selectProvider(config));
  app.decorate('aiTimeoutMs', config.AI_TIMEOUT_MS);
}

export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/ai/status', { schema: { response: { 200: ZAiStatus } } }, () => ({
    provider: app.ai.name,
    model: app.ai.model,
  }));
};
