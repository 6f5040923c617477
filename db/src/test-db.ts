import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createDb, type DbHandle } from './client';
import { migrate } from './migrate';

/**
 * A migrated, empty database for one test file: in-memory PGlite, or, given a PostgreSQL URL,
 * a fresh database created on that server and dropped on close.
 */
export async function createTestDb(serverUrl?: string, migrations?: string): Promise<DbHandle> {
  if (!serverUrl) {
    const handle = createDb({});
    await migrate(handle, migrations);
    return handle;
  }
  const name = `lb_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = createDb({ databaseUrl: url.toString(), poolSize: 4 });
  await migrate(handle, migrations);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
