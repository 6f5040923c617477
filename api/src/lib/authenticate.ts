import { findSessionUser } from '@learnboost/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from './auth-user';
import { AppError } from './errors';
import type { SessionCache } from './session-cache';

export type TokenPayload = { sub: string; sid: string };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: AuthUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions checked lately; revoke through it so every process forgets them. */
    sessions: SessionCache;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (register, login, health). */
    public?: boolean;
  }
}

const SIGN_IN = 'Sign in to continue';
const EXPIRED = 'Your session has expired; sign in again';
const ENDED = 'Your session has ended; sign in again';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Verifies a token and its server-side session; the same check serves HTTP and sockets. */
export async function userFromToken(app: FastifyInstance, token: string | undefined): Promise<AuthUser> {
  if (!token) throw new AppError(401, SIGN_IN);
  let payload: TokenPayload;
  try {
    payload = app.jwt.verify<TokenPayload>(token);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new AppError(401, code === 'FAST_JWT_EXPIRED' ? EXPIRED : 'Invalid token; sign in again');
  }
  // Ids are UUIDs in the database: anything else (signed with the real secret or not) names no
  // session, and must not reach a uuid column, where it would fail as a 500.
  if (!isUuid(payload.sid) || !isUuid(payload.sub)) throw new AppError(401, 'Invalid token; sign in again');
  const cached = app.sessions.get(payload.sid);
  if (cached?.id === payload.sub) return cached;
  const lookedUpAt = app.sessions.now();
  const user = await findSessionUser(app.db, payload.sid, new Date(lookedUpAt));
  // A revoked or expired session, or a deleted account: all the same to the caller.
  if (!user || user.id !== payload.sub) throw new AppError(401, ENDED);
  const authUser = { ...user, sessionId: payload.sid };
  app.sessions.set(authUser, lookedUpAt);
  return authUser;
}

/** onRequest hook: every /api route but those marked public needs a live session. */
export async function requireUser(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  // Unknown routes answer 404 whoever asks.
  if (req.is404 || req.routeOptions.config.public) return;
  req.user = await userFromToken(this, bearerToken(req.headers.authorization));
}
