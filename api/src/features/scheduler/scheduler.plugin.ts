import type { FastifyInstance } from 'fastify';
import { Optimizer } from './optimizer';
import { decorateSchedulerSettings } from './scheduler-settings';

declare module 'fastify' {
  interface FastifyInstance {
    optimizer: Optimizer;
  }
}

/**
 * The learner's scheduler settings (cached, dropped everywhere on change) and the optimisation
 * jobs this process runs; on the app itself, since flashcards and Anki imports schedule with them.
 */
export function decorateScheduler(
  app: FastifyInstance,
  options: { cacheMs: number; trainingsAtOnce?: number; pollMs?: number; staleMs?: number },
): void {
  decorateSchedulerSettings(app, options.cacheMs);
  const optimizer = new Optimizer({
    db: app.db,
    log: app.log,
    changed: (userId) => app.schedulerChanged(userId),
    maxRunning: options.trainingsAtOnce,
    pollMs: options.pollMs,
    staleMs: options.staleMs,
  });
  app.decorate('optimizer', optimizer);
  app.addHook('onReady', async () => optimizer.start());
  app.addHook('onClose', async () => optimizer.stop());
}
