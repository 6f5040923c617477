import { type Db, findUserByEmail, insertUser } from '@learnboost/db';
import { isUniqueViolation } from '../../lib/errors';
import { hashPassword } from '../../lib/password';

/** Creates the demo account on first start; an existing one (and its password) is left alone. */
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
  try {
    await insertUser(db, { username: 'Demo Learner', email, passwordHash: await hashPassword(password) });
  } catch (err) {
    // Another api process seeded it a moment ago.
    if (!isUniqueViolation(err)) throw err;
  }
}
