// `pnpm ai:flags`: how many test questions learners marked "This question is wrong", of all the
// questions made, in the database the api uses (DATABASE_URL, else the PGlite files in DATA_DIR:
// stop the api first, PGlite opens in one process at a time). docs/ai.md says how to read it.
import path from 'node:path';
import { countFlaggedQuestions, createDb, migrate } from '@learnboost/db';
import { loadConfig } from '../src/lib/config';

// `pnpm start` serves from the repository's root: DATA_DIR is relative to it.
process.chdir(path.resolve(import.meta.dirname, '..', '..'));
const config = loadConfig();
const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR });
try {
  await migrate(db);
  const { flagged, questions } = await countFlaggedQuestions(db.db);
  const share = questions ? ((100 * flagged) / questions).toFixed(1) : '0.0';
  console.log(`${flagged} of ${questions} test questions marked "This question is wrong" (${share}%)`);
} finally {
  await db.close();
}
