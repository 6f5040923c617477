import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDb, type DbHandle, functionsFolder, migrate } from '@learnboost/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServerUrl } from './helper';

// The body between the $$ quotes, as PostgreSQL keeps it in pg_proc.prosrc.
const bodyOf = (file: string) => readFileSync(path.join(functionsFolder, file), 'utf8').split('$$')[1];

describe('the rules kept in db/functions', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(testServerUrl);
  });
  afterAll(() => handle.close());

  const source = async (name: string) => {
    const rows = (await handle.db.execute(sql`select prosrc from pg_proc where proname = ${name}`)) as unknown as
      | { rows: { prosrc: string }[] }
      | { prosrc: string }[];
    return (Array.isArray(rows) ? rows : rows.rows)[0]?.prosrc;
  };

  it('runs each function as its file says, and a changed rule takes effect on the next start without a migration', async () => {
    expect(await source('room_game_close_question')).toBe(bodyOf('room_game_close_question.sql'));
    // An older body in the database, as after a deploy that changed the file:
    await handle.db.execute(
      sql.raw(`create or replace function room_game_open_question(p_game uuid, p_index integer, p_online jsonb)
        returns setof room_games language sql as $$ select * from room_games where false $$`),
    );
    expect(await source('room_game_open_question')).not.toBe(bodyOf('room_game_open_question.sql'));
    await migrate(handle);
    expect(await source('room_game_open_question')).toBe(bodyOf('room_game_open_question.sql'));
  });
});
