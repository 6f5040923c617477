import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { userFromToken } from './authenticate';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

/** Socket.IO on the app's own origin at its default path; a socket needs a live login token. */
export function attachSocketServer(app: FastifyInstance): Server {
  const io = new Server(app.server, { serveClient: false, cleanupEmptyChildNamespaces: true });
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
  app.addHook('onClose', (_app, done) => {
    io.close(() => done());
  });
  return io;
}
