import { createTestDb, type DbHandle, literal, preparedStatement } from '@learnboost/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServerUrl } from './helper';

const p = sql.placeholder;
const echo = preparedStatement<{ text: string | null; num: number; at: Date; yes: boolean }>(
  'echo_for_test',
  sql`select ${p('text')}::text as text, ${p('num')}::float8 as num, ${p('at')}::timestamptz as at, ${p('yes')}::boolean as yes`,
);

// What learners type goes through these statements (a room card): on PGlite it travels as a literal.
const AWKWARD = [
  'O\'Brien\'s "quote"',
  'back\\slash \\n not a newline, \\\\ two',
  "'); drop table users; --",
  "E'\\x41' $1 $$dollar$$ %s ?",
  'line one\nline two\r\n\ttab',
  'ünïcödé 日本語 🧠',
  '',
];

describe('prepared statements', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(testServerUrl);
  });
  afterAll(() => handle.close());

  it('hand back exactly the text they were given, whatever it holds', async () => {
    for (const text of AWKWARD) {
      const [row] = await echo(handle.db, { text, num: 1, at: new Date(0), yes: true });
      expect(row?.text).toBe(text);
    }
    // The would-be injection above was only text: the table it named is still there.
    await expect(handle.db.execute(sql`select 1 from users limit 1`)).resolves.toBeDefined();
  });

  it('decode numbers, instants, booleans and null the same way on both engines', async () => {
    const at = new Date('2026-03-29T00:59:59.123Z');
    const [row] = await echo(handle.db, { text: null, num: -1.25e-7, at, yes: false });
    expect(row).toEqual({ text: null, num: -1.25e-7, at, yes: false });
    expect(row?.at).toBeInstanceOf(Date);
  });

  it('can be first run by many requests at once', async () => {
    const fresh = await createTestDb(testServerUrl);
    try {
      const rows = await Promise.all(
        Array.from({ length: 10 }, (_, i) => echo(fresh.db, { text: `n${i}`, num: i, at: new Date(), yes: true })),
      );
      expect(rows.map(([r]) => r?.text)).toEqual(Array.from({ length: 10 }, (_, i) => `n${i}`));
    } finally {
      await fresh.close();
    }
  });

  it('refuse values no column can hold rather than send them', () => {
    expect(() => literal('a\0b')).toThrow(/NUL/);
    expect(() => literal(Number.NaN)).toThrow(/finite/);
    expect(() => literal(Number.POSITIVE_INFINITY)).toThrow(/finite/);
    expect(literal("it's \\")).toBe("E'it''s \\\\'");
  });
});
