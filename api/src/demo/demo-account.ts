import { type Db, deleteUser, findUserByEmail, insertUser } from '@learnboost/db';
import { isUniqueViolation } from '../lib/errors';
import { hashPassword } from '../lib/password';
import { demoStart, seedDemoData } from './demo-data';

/**
 * Creates the demo account on first start, with three weeks of study in it; an existing one (its
 * password, its data) is left alone.
 */
export async function seedDemoAccount({
  db,
  email,
  password,
}: {
  db: Db;
  email: string;
  password: string;
}): Promise<void> {
  if (await findUserByEmail(db, email)) return;
  let user: { id: string };
  const now = new Date();
  try {
    user = await insertUser(db, {
      username: 'Demo Learner',
      email,
      passwordHash: await hashPassword(password),
      // A learner of three weeks: their days (streaks, the heatmap) start when their history does.
      createdAt: demoStart(now),
    });
  } catch (err) {
    // Another api process seeded it a moment ago, and fills it.
    if (isUniqueViolation(err)) return;
    throw err;
  }
  try {
    await seedDemoData({ db, userId: user.id, now });
  } catch (err) {
    // Half a demo is worse than none: the next start tries again from scratch.
    await deleteUser(db, user.id);
    throw err;
  }
}
