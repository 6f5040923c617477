import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server, type ServerOptions } from 'socket.io';
import { z } from 'zod';
import type { AuthUser } from './auth-user';
import { userFromToken } from './authenticate';
import type { Revocation } from './session-cache';

/**
 * The event maps are left open here: each feature types the namespaces it opens with its own
 * contract's maps (`const nsp: Namespace<Client, Server> = app.io.of(name)`), with no cast.
 */
// biome-ignore lint/suspicious/noExplicitAny: the maps belong to each feature's namespaces, not to the server
export type AppSocketServer = Server<any, any, any, any>;

declare module 'fastify' {
  interface FastifyInstance {
    io: AppSocketServer;
  }
}

export type SocketOptions = {
  /** Set: events travel between api processes over Redis Streams. */
  redisUrl?: string;
  /** The stream, pub/sub channel and session-key prefix; processes that share it share events. */
  redisStreamName?: string;
};

const SESSION_REVOKED = 'session:revoked';
const ZRevocation = z.union([z.object({ sessionId: z.string() }), z.object({ userId: z.string() })]);

/** A logout or a changed learner in one process reaches the session caches of the others at once. */
function shareRevocations(app: FastifyInstance, io: Server): void {
  app.sessions.publish = (revocation) => io.serverSideEmit(SESSION_REVOKED, revocation);
  io.on(SESSION_REVOKED, (revocation: unknown) => {
    const parsed = ZRevocation.safeParse(revocation);
    if (parsed.success) app.sessions.apply(parsed.data);
  });
}

/** A logged-out session's sockets, in every namespace of this process, hear nothing more. */
function closeSocketsOfEndedSession(io: Server, revocation: Revocation): void {
  if (!('sessionId' in revocation)) return; // changed details end no session
  for (const nsp of io._nsps.values()) {
    for (const socket of nsp.sockets.values()) {
      if ((socket.data.user as AuthUser | undefined)?.sessionId === revocation.sessionId) socket.disconnect(true);
    }
  }
}

/** A missed event is replayed to a socket that comes back within this long. */
const RECOVERY_WINDOW_MS = 2 * 60_000;

/** Socket.IO on the app's own origin at its default path; a socket needs a live login token. */
export async function attachSocketServer(
  app: FastifyInstance,
  { redisUrl, redisStreamName = 'learnboost:socket.io' }: SocketOptions = {},
): Promise<Server> {
  const options: Partial<ServerOptions> = {
    serveClient: false,
    cleanupEmptyChildNamespaces: true,
    // Middlewares run again on recovery: a learner who left a room meanwhile must not get back in.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
  };
  let redis: ReturnType<typeof createClient> | undefined;
  if (redisUrl) {
    redis = createClient({ url: redisUrl });
    redis.on('error', (err: Error) => app.log.warn({ err }, 'redis error'));
    await redis.connect();
    // Streams, not plain pub/sub: the pub/sub adapter cannot replay missed events on reconnect.
    options.adapter = createAdapter(redis, {
      streamName: redisStreamName,
      channelPrefix: redisStreamName,
      sessionKeyPrefix: `${redisStreamName}:session:`,
      // Shorter than the 5 s default so a closing app releases its blocked reader sooner.
      blockTimeInMs: 1000,
    });
  }
  const io = new Server(app.server, options);
  if (redis) shareRevocations(app, io);
  app.sessions.onRevoked.push((revocation) => closeSocketsOfEndedSession(io, revocation));
  io.use(async (socket, next) => {
    try {
      socket.data.user = await userFromToken(app, (socket.handshake.auth as { token?: string }).token);
      next();
    } catch (err) {
      next(new Error((err as Error).message));
    }
  });
  app.decorate('io', io);
  app.addHook('preClose', (done) => {
    io.local.disconnectSockets(true);
    done();
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await redis?.close();
  });
  return io;
}
