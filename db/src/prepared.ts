import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type postgres from 'postgres';
import { clientOf, type Db, isPglite } from './client';

export type PreparedValue = string | number | boolean | Date | null;

const dialect = new PgDialect();
// One name, one statement: PGlite keeps prepared statements by name for the whole session.
const names = new Set<string>();

/**
 * A statement of the hot paths (the session check of every request, a review, a room card),
 * parsed and planned once per connection and then only executed: on PGlite, parsing and
 * planning plus the six protocol trips of an ad-hoc query cost more than the work itself.
 *
 * - PostgreSQL: postgres.js prepares it on each pooled connection and reuses it (prepare: true).
 * - PGlite (one session): SQL `PREPARE` once, then `EXECUTE` with the values written as
 *   literals, one trip over the simple protocol.
 *
 * Write every parameter as `${sql.placeholder('name')}::type`, so both engines know its type.
 * Rows come back with the column names (or aliases) of the select list, in each driver's types:
 * avoid int8 and numeric results, which the two drivers decode differently.
 */
export function preparedStatement<Row>(name: string, statement: SQL) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
  if (names.has(name)) throw new Error(`a prepared statement is already named ${name}`);
  names.add(name);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const preparedOn = new WeakMap<PGlite, Promise<unknown>>();

  return async (db: Db, values: Record<string, PreparedValue>): Promise<Row[]> => {
    const args = fillPlaceholders(params, values) as PreparedValue[];
    const client = clientOf(db);
    if (!isPglite(client)) {
      // As text: postgres.js serialises by the parameter's type, and has none for a Date bound to timestamptz.
      const bound = args.map((v) => (v instanceof Date ? v.toISOString() : v));
      return withDates(await client.unsafe(text, bound, { prepare: true })) as Row[];
    }
    let ready = preparedOn.get(client);
    if (!ready) {
      ready = client.exec(`prepare ${name} as ${text}`);
      preparedOn.set(client, ready);
      ready.catch(() => preparedOn.delete(client));
    }
    await ready;
    const [result] = await client.exec(`execute ${name}(${args.map(literal).join(', ')})`);
    return (result?.rows ?? []) as Row[];
  };
}

const TIMESTAMPTZ = 1184;

/** Drizzle has postgres.js hand timestamps over as text (it maps them itself): make them Dates, as PGlite does. */
function withDates(rows: postgres.RowList<postgres.Row[]>): postgres.Row[] {
  const dates = rows.columns.filter((c) => c.type === TIMESTAMPTZ).map((c) => c.name);
  for (const row of dates.length ? rows : []) {
    for (const name of dates) if (row[name] !== null) row[name] = new Date(row[name]);
  }
  return rows;
}

/**
 * A value as an SQL literal, for PGlite's EXECUTE. An E'' string with backslashes and quotes
 * doubled is exact whatever standard_conforming_strings says; the statement's declared parameter
 * types then convert it, as they would a bound parameter.
 */
export function literal(value: PreparedValue | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return `'${value}'`;
  }
  const text = value instanceof Date ? value.toISOString() : value;
  // PostgreSQL text cannot hold NUL, and the engine reads the statement up to the first one.
  if (text.includes('\0')) throw new Error('text with a NUL character');
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
