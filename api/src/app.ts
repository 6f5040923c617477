import { createRequire } from 'node:module';
import fastifyJwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import type { Db, DbHandle } from '@learnboost/db';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { seedDemoAccount } from './demo/demo-account';
import { agentRoutes } from './features/agent/agent.routes';
import { aiRoutes, decorateAi } from './features/ai/ai.routes';
import { aiCoachRoutes } from './features/ai-coach/ai-coach.routes';
import { ankiRoutes } from './features/anki/anki.routes';
import { authRoutes } from './features/auth/auth.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { decksRoutes } from './features/decks/decks.routes';
import { flashcardsRoutes } from './features/flashcards/flashcards.routes';
import { flashcardsImportRoutes } from './features/flashcards/flashcards-import.routes';
import { reviewSyncRoutes } from './features/flashcards/review-sync.routes';
import { generatorRoutes } from './features/generator/generator.routes';
import { groupLearningRoutes } from './features/group-learning/group-learning.routes';
import { startGroupLearning } from './features/group-learning/group-learning.socket';
import { healthRoutes } from './features/health/health.routes';
import { knowledgeTestsRoutes } from './features/knowledge-tests/knowledge-tests.routes';
import { meRoutes } from './features/me/me.routes';
import { mediaRoutes } from './features/media/media.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { ocrRoutes } from './features/ocr/ocr.routes';
import { decorateScheduler } from './features/scheduler/scheduler.plugin';
import { schedulerRoutes } from './features/scheduler/scheduler.routes';
import { studyPlannerRoutes } from './features/study-planner/study-planner.routes';
import { requireUser } from './lib/authenticate';
import { registerCompression } from './lib/compression';
import type { Config } from './lib/config';
import { answerRoutingErrors, registerErrorHandling } from './lib/error-handler';
import { acceptEmptyJsonBodies, refuseNulInUrls } from './lib/json-body';
import { resolveJwtSecret } from './lib/jwt-secret';
import { loggerOptions } from './lib/logger';
import { MemoryCounter, RedisCounter, type WindowCounter } from './lib/rate-counter';
import { counterStore } from './lib/rate-limit-store';
import { registerSecurityHeaders } from './lib/security-headers';
import { SessionCache } from './lib/session-cache';
import { attachSocketServer } from './lib/socket';
import { defaultWebDist, serveWebApp } from './lib/web-app';

export type RouteEntry = { method: string; url: string; schema?: FastifySchema };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    routeTable: RouteEntry[];
  }
}

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export type AppDeps = {
  config: Config;
  db: DbHandle;
  /** Tests read the log from here; absent → stdout. */
  logStream?: DestinationStream;
};

/** The whole app, ready to listen; the caller owns listening and the database's lifetime. */
export async function buildApp({ config, db, logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      ...loggerOptions(config.LOG_LEVEL, config.NODE_ENV === 'development'),
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Sockets may stay open; do not let them hold a shutdown forever.
    forceCloseConnections: true,
    frameworkErrors: answerRoutingErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // Every route as registered, with its schema: the route-walking test reads it, so a route added
  // later is checked without being listed anywhere.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', ({ method, url, schema }) => {
    for (const m of [method].flat()) routeTable.push({ method: m, url, schema });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db.db);
  app.decorate('sessions', new SessionCache(config.SESSION_CACHE_SECONDS * 1000));
  decorateScheduler(app, {
    databaseOnThisThread: db.kind === 'pglite',
    cacheMs: config.SESSION_CACHE_SECONDS * 1000,
    trainingsAtOnce: config.OPTIMIZE_CONCURRENCY,
    staleMs: config.OPTIMIZE_STALE_SECONDS * 1000,
  });
  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  refuseNulInUrls(app);

  await registerSecurityHeaders(app, config.PUBLIC_URL);
  await registerCompression(app);
  await app.register(fastifyJwt, { secret: resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR) });
  // Rate limits count per client across every api process when they share Redis.
  const counter: WindowCounter = config.REDIS_URL
    ? await RedisCounter.connect(config.REDIS_URL, `${config.REDIS_STREAM_NAME}:rate:`, (err) =>
        app.log.warn({ err }, 'redis error (rate limits)'),
      )
    : new MemoryCounter();
  app.addHook('onClose', () => counter.close());
  await app.register(rateLimit, {
    global: false,
    store: counterStore(counter),
    // Redis away: let requests through rather than refuse everyone (logged by the client above).
    skipOnError: true,
  });
  // Before the routes: the room events the group-learning routes publish through exist when they register.
  await attachSocketServer(app, { redisUrl: config.REDIS_URL, redisStreamName: config.REDIS_STREAM_NAME });
  const groupLearning = startGroupLearning(app, {
    cardsPerMinute: config.ROOM_CARDS_PER_MINUTE,
    editLockIdleMs: config.ROOM_EDIT_LOCK_IDLE_MS,
    counter,
    redisUrl: config.REDIS_URL,
    redisStreamName: config.REDIS_STREAM_NAME,
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', requireUser);
      // Routes that take no options, registered in the order given.
      const registerAll = async (...plugins: FastifyPluginAsync[]) => {
        for (const plugin of plugins) await api.register(plugin);
      };
      await api.register(healthRoutes, {
        version,
        databaseKind: db.kind,
        ping: db.ping,
        demo: config.SEED_DEMO ? { email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD } : null,
      });
      await api.register(authRoutes, {
        tokenTtlMs: config.JWT_EXPIRES_IN,
        rateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
      });
      await registerAll(flashcardsRoutes, decksRoutes, flashcardsImportRoutes, reviewSyncRoutes);
      await api.register(ankiRoutes, {
        dataDir: config.DATA_DIR,
        concurrency: config.IMPORT_CONCURRENCY,
        sharedStaging: db.kind === 'postgres',
      });
      await api.register(mediaRoutes);
      await api.register(studyPlannerRoutes, { publicUrl: config.PUBLIC_URL });
      await api.register(groupLearningRoutes, groupLearning);
      await registerAll(meRoutes, schedulerRoutes);
      decorateAi(api, config);
      await registerAll(aiRoutes, knowledgeTestsRoutes, agentRoutes, generatorRoutes);
      await api.register(ocrRoutes, {
        size: config.OCR_WORKERS,
        queueLimit: config.OCR_QUEUE_LIMIT,
        recycleAfter: config.OCR_RECYCLE_AFTER,
      });
      await registerAll(notificationsRoutes, dashboardRoutes, aiCoachRoutes);
    },
    { prefix: '/api' },
  );

  await serveWebApp(
    app,
    config.DEV_WEB_URL ? { devWebUrl: config.DEV_WEB_URL } : { webDist: config.WEB_DIST ?? defaultWebDist },
  );

  if (config.SEED_DEMO) await seedDemoAccount({ db: db.db, email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD });
  return app;
}
