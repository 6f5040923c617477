import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { preparedStatement } from '../prepared';
import { authSessions, decks, users } from '../schema';
import { DEFAULT_DECK_NAME } from './decks';

export type UserRow = typeof users.$inferSelect;

export const findUserByEmail = async (db: DbOrTx, email: string): Promise<UserRow | undefined> => {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
};

export const findUserById = async (db: DbOrTx, id: string): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
};

/** A new learner, with the default deck their cards go to when none is named. */
export const insertUser = (
  db: DbOrTx,
  values: { username: string; email: string; passwordHash: string; createdAt?: Date },
): Promise<UserRow> =>
  db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(values).returning();
    const user = row as UserRow;
    await tx.insert(decks).values({ userId: user.id, name: DEFAULT_DECK_NAME, isDefault: true });
    return user;
  });

/** Removes an account and, through the cascades, everything it owns. */
export const deleteUser = async (db: DbOrTx, id: string): Promise<void> => {
  await db.delete(users).where(eq(users.id, id));
};

export const insertAuthSession = async (
  db: DbOrTx,
  values: { userId: string; expiresAt: Date },
): Promise<{ id: string }> => {
  const [row] = await db.insert(authSessions).values(values).returning({ id: authSessions.id });
  return row as { id: string };
};

type SessionUser = Pick<UserRow, 'id' | 'username' | 'email' | 'timeZone'>;

// Every signed-in request runs this: prepared once, executed many times.
const sessionUser = preparedStatement<SessionUser>(
  'find_session_user',
  sql`select ${users.id}, ${users.username}, ${users.email}, ${users.timeZone} as "timeZone"
    from ${authSessions} join ${users} on ${users.id} = ${authSessions.userId}
    where ${authSessions.id} = ${sql.placeholder('sessionId')}::uuid and ${authSessions.revokedAt} is null
      and ${authSessions.expiresAt} > ${sql.placeholder('now')}::timestamptz
    limit 1`,
);

/** The user behind a live (unexpired, unrevoked) session, or undefined. */
export const findSessionUser = async (db: Db, sessionId: string, now: Date): Promise<SessionUser | undefined> => {
  const [row] = await sessionUser(db, { sessionId, now });
  return row;
};

export const revokeAuthSession = async (db: DbOrTx, sessionId: string, now: Date): Promise<void> => {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
};

/** A learner's sessions past their expiry are useless; dropping them at sign-in keeps the table small. */
export const deleteExpiredSessions = async (db: DbOrTx, userId: string, now: Date): Promise<void> => {
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), lt(authSessions.expiresAt, now)));
};

export const updateUserSettings = async (
  db: DbOrTx,
  id: string,
  values: Partial<Pick<UserRow, 'weeklyGoalMinutes' | 'timeZone' | 'newCardsPerDay'>>,
): Promise<UserRow> => {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row as UserRow;
};
