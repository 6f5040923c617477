import {
  type Db,
  deleteExpiredSessions,
  findUserByEmail,
  insertAuthSession,
  insertUser,
  revokeAuthSession,
} from '@learnboost/db';
import type { FastifyInstance } from 'fastify';
import type { TAuthResponse, TLoginBody, TRegisterBody } from '../../contract';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/password';

export const BAD_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';

type Deps = { db: Db; app: FastifyInstance; tokenTtlMs: number; now?: Date };

async function issueToken({
  db,
  app,
  tokenTtlMs,
  userId,
  now = new Date(),
}: Deps & { userId: string }): Promise<string> {
  const expiresAt = new Date(now.getTime() + tokenTtlMs);
  const session = await insertAuthSession(db, { userId, expiresAt });
  return app.jwt.sign({ sub: userId, sid: session.id }, { expiresIn: Math.floor(tokenTtlMs / 1000) });
}

export async function register(input: Deps & TRegisterBody): Promise<TAuthResponse> {
  const { db, username, email, password } = input;
  if (await findUserByEmail(db, email)) throw new AppError(409, EMAIL_TAKEN);
  const passwordHash = await hashPassword(password);
  try {
    const user = await insertUser(db, { username, email, passwordHash });
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      token: await issueToken({ ...input, userId: user.id }),
    };
  } catch (err) {
    // Two sign-ups with one e-mail at the same instant: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError(409, EMAIL_TAKEN);
    throw err;
  }
}

export async function login(input: Deps & TLoginBody): Promise<TAuthResponse> {
  const user = await findUserByEmail(input.db, input.email);
  // Unknown e-mail and wrong password: same message, same work, so neither reveals an account.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !ok) throw new AppError(401, BAD_CREDENTIALS);
  await deleteExpiredSessions(input.db, user.id, input.now ?? new Date());
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    token: await issueToken({ ...input, userId: user.id }),
  };
}

export const logout = ({ db, sessionId }: { db: Db; sessionId: string }) =>
  revokeAuthSession(db, sessionId, new Date());
