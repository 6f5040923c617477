import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { DbHandle } from './client';

// Resolved through the package, not this file's URL, so it holds when the api is bundled.
const packageDir = path.dirname(createRequire(import.meta.url).resolve('@learnboost/db/package.json'));
export const migrationsFolder = path.join(packageDir, 'migrations');

/**
 * The rules that run in SQL for speed (the live quiz's close-and-score, answer, next), one
 * `CREATE OR REPLACE` file each: a file is the rule's source of truth and its git log its
 * history, applied after the migrations on every start (as Flyway's repeatable migrations).
 * A change of a function's arguments or result columns needs a `DROP FUNCTION` in a migration.
 */
export const functionsFolder = path.join(packageDir, 'functions');
const functionSources = () =>
  readdirSync(functionsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => readFileSync(path.join(functionsFolder, f), 'utf8'));

// Any constant works; it only has to be the same for every api process.
const MIGRATION_LOCK = 7_310_442;

/** `folder`: another set of migrations (a test of one migration applies those before it first). */
export async function migrate(handle: DbHandle, folder = migrationsFolder): Promise<void> {
  // A test that applies only the migrations before one of them gets the schema of then, without today's functions.
  const withFunctions = folder === migrationsFolder;
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    if (withFunctions) for (const source of functionSources()) await handle.db.execute(sql.raw(source));
    return;
  }
  // Several api processes may start at once against one PostgreSQL: one connection holds a
  // session lock so they migrate one after another, and the later ones find nothing to do.
  const client = postgres(handle.databaseUrl as string, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: folder });
    if (withFunctions)
      await client.begin(async (tx) => Promise.all(functionSources().map((source) => tx.unsafe(source))));
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
