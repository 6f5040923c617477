import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { boundQueueWait } from './bounded-wait';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the app sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction is accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
/** The driver's client under a Db: the embedded PGlite, or postgres.js. */
export type Client = PGlite | postgres.Sql;

/** The driver's client under `db`; a transaction has none of its own, so it throws for one. */
export function clientOf(db: Db): Client {
  const client = (db as unknown as { $client?: Client }).$client;
  if (!client) throw new Error('this runs on the database, not inside a transaction');
  return client;
}

/** The one test of which engine a client is, for the few paths written for each. */
export function isPglite(client: Client): client is PGlite {
  return client instanceof PGlite;
}

export type DbHandle = {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The connection string, for work that needs a connection of its own (migrations). */
  databaseUrl?: string;
  /** Rejects when the database cannot answer (health check). */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type DbOptions = {
  /** PostgreSQL connection string; absent → embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; absent (and no databaseUrl) → in memory. */
  dataDir?: string;
  poolSize?: number;
  /** Longest a query waits for a pooled connection before failing (the api answers 503). */
  waitMs?: number;
  /** PostgreSQL's statement_timeout for every connection. */
  statementTimeoutMs?: number;
};

export function createDb({
  databaseUrl,
  dataDir,
  poolSize = 10,
  waitMs = 1500,
  statementTimeoutMs = 10_000,
}: DbOptions): DbHandle {
  if (databaseUrl) {
    const pool = postgres(databaseUrl, {
      max: poolSize,
      idle_timeout: 30,
      // Short, so requests during a database outage fail fast (503) instead of hanging.
      connect_timeout: 2,
      // postgres.js waits before reconnecting, growing to 20 s after repeated failures: after an
      // outage the api then stayed down that long after the database was back. A steady short
      // pause (a refused connect costs nothing) has it serving within a fraction of a second.
      backoff: () => 0.2,
      connection: { statement_timeout: statementTimeoutMs },
      onnotice: () => {},
    });
    const client = boundQueueWait(pool, waitMs);
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      databaseUrl,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end({ timeout: 5 }),
    };
  }
  let location: string | undefined;
  let unlock = () => {};
  if (dataDir) {
    location = path.join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
    // Before PGlite touches a file: a second process on this DATA_DIR is refused, never let in.
    unlock = lockDataDir(path.join(dataDir, 'pglite.lock'), dataDir);
  }
  const client = new PGlite(location);
  binaryBytea(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/**
 * PGlite writes a bytea parameter as hex text through an array of one string per byte, and reads
 * one back by parsing each pair of hex digits on its own: a 5 MB image took 12 s and about 700 MB
 * of short-lived strings (an Anki import of 37 scans peaked 1 GB above idle). Sent as the bytes
 * themselves (PGlite passes a typed array as a binary parameter) and read back by Buffer's hex
 * decoder, the same image costs its own size, once.
 */
function binaryBytea(client: PGlite) {
  // The serializer's declared type is text; a typed array is what PGlite's bind sends as binary.
  client.serializers[types.BYTEA] = ((bytes: Uint8Array) => bytes) as unknown as (x: unknown) => string;
  client.parsers[types.BYTEA] = (hex: string) => {
    const bytes = Buffer.from(hex.slice(2), 'hex');
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  };
}
