import { createDb, DataDirInUseError, migrate } from '@learnboost/db';
import { buildApp } from './app';
import { loadConfig } from './lib/config';
import { keepServingOnStrayErrors } from './lib/process-guard';
import { readyLine } from './lib/ready-line';

const config = loadConfig();
const db = openDatabase(() =>
  createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    waitMs: config.DATABASE_WAIT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  }),
);
await migrate(db);
const app = await buildApp({ config, db });
keepServingOnStrayErrors(app.log);
await app.listen({ host: config.HOST, port: config.PORT });
console.log(readyLine(config));

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests and let those under way finish, then close the database.
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    await db.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'unclean shutdown');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

/** A DATA_DIR another process holds: the reason, in one line, and no start. */
function openDatabase(open: () => ReturnType<typeof createDb>): ReturnType<typeof createDb> {
  try {
    return open();
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
