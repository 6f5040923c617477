import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealth } from '../../contract';

export type HealthOptions = {
  version: string;
  demo: { email: string; password: string } | null;
  databaseKind: 'postgres' | 'pglite';
  ping: () => Promise<void>;
};

const PING_TIMEOUT_MS = 2000;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('database ping timed out')), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, opts) => {
  // Public: load balancers ask it, and /login reads the demo account from it (the one place a
  // signed-out browser can learn it), since every other /api route needs a token.
  app.get(
    '/health',
    { config: { public: true }, schema: { response: { 200: ZHealth, 503: ZHealth } } },
    async (_req, reply) => {
      const base = { version: opts.version, demo: opts.demo, databaseKind: opts.databaseKind };
      try {
        await withTimeout(opts.ping(), PING_TIMEOUT_MS);
        return { status: 'ok' as const, database: 'ok' as const, ...base };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: 'unreachable', ...base });
      }
    },
  );
};
