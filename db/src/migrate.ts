import { createRequire } from 'node:module';
import path from 'node:path';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { DbHandle } from './client';

// Resolved through the package, not this file's URL, so it holds when the api is bundled.
export const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@learnboost/db/package.json')),
  'migrations',
);

// Any constant works; it only has to be the same for every api process.
const MIGRATION_LOCK = 7_310_442;

/** `folder`: another set of migrations (a test of one migration applies those before it first). */
export async function migrate(handle: DbHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  // Several api processes may start at once against one PostgreSQL: one connection holds a
  // session lock so they migrate one after another, and the later ones find nothing to do.
  const client = postgres(handle.databaseUrl as string, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: folder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
