import type { FastifyInstance } from 'fastify';
import { Optimizer } from './optimizer';
import { decorateSchedulerSettings } from './scheduler-settings';

declare module 'fastify' {
  interface FastifyInstance {
    optimizer: Optimizer;
  }
}

/** The longest an optimisation's read of the log waits for requests before each page: it goes on under load too. */
const REQUESTS_FIRST_MAX_MS = 50;
/**
 * About how long a page of that read may take: on PGlite it holds the thread that answers
 * requests; PostgreSQL reads in its own process, and fewer round trips serve it better.
 */
const READ_PAGE_MS = { onThisThread: 10, elsewhere: 50 };

/**
 * The learner's scheduler settings (cached, dropped everywhere on change) and the optimisation
 * jobs this process runs; on the app itself, since flashcards and Anki imports schedule with them.
 */
export function decorateScheduler(
  app: FastifyInstance,
  options: {
    /** PGlite: the database runs on the thread that answers requests. */
    databaseOnThisThread?: boolean;
    cacheMs: number;
    trainingsAtOnce?: number;
    pollMs?: number;
    staleMs?: number;
  },
): void {
  decorateSchedulerSettings(app, options.cacheMs);
  // Requests being answered. On PGlite each page of the log an optimisation reads holds the
  // thread that answers them (10–30 ms): the optimiser reads its next page once they are done.
  let answering = 0;
  if (options.databaseOnThisThread)
    app.addHook('onRequest', async (_request, reply) => {
      answering++;
      reply.raw.once('close', () => answering--);
    });
  const optimizer = new Optimizer({
    requestsFirst: options.databaseOnThisThread
      ? async () => {
          // A turn for requests already arrived, then a wait while any is being answered.
          await new Promise((resolve) => setImmediate(resolve));
          const since = performance.now();
          while (answering > 0 && performance.now() - since < REQUESTS_FIRST_MAX_MS)
            await new Promise((resolve) => setTimeout(resolve, 1));
        }
      : undefined,
    readPageMs: options.databaseOnThisThread ? READ_PAGE_MS.onThisThread : READ_PAGE_MS.elsewhere,
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
