import { randomUUID } from 'node:crypto';
import { ankiImports, createTestDb, type DbHandle, flashcards } from '@learnboost/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../../test/api-process';
import { buildApkg } from '../../../test/fixtures/anki/build-apkg';
import { onPostgres, testServerUrl } from '../../../test/helper';

async function upload(p: ApiProcess, token: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), 'deck.apkg');
  const res = await fetch(`${p.url}/api/flashcards/import/anki`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const notes = (n: number, tag: string) =>
  Array.from({ length: n }, (_, k) => ({ type: 'Basic', fields: [`${tag} question ${k}`, `answer ${k}`] }));

// An Anki import between two api processes, each with a disk of its own (DATA_DIR), on one
// PostgreSQL database: the staged package and the commit's progress are where both reach.
describe.runIf(onPostgres)('an Anki import across api processes', () => {
  let db: DbHandle;
  let env: Record<string, string>;
  let a: ApiProcess;
  let b: ApiProcess;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    db = await createTestDb(testServerUrl);
    env = { DATABASE_URL: db.databaseUrl as string, JWT_SECRET: randomUUID() + randomUUID(), LOG_LEVEL: 'warn' };
    [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    const reg = await a.request('POST', '/api/auth/register', {
      body: { username: 'importer', email: `importer.${Date.now()}@example.com`, password: 'correct horse' },
    });
    token = reg.body.token;
    userId = reg.body.id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
  });

  const cardCount = async () =>
    (await db.db.select({ n: sql<number>`count(*)::int` }).from(flashcards).where(eq(flashcards.userId, userId)))[0]
      ?.n ?? 0;

  it('commits through one process a package previewed through another that has since died', async () => {
    const preview = await upload(a, token, await buildApkg({ format: 'anki21', notes: notes(30, 'dead') }));
    expect(preview.status).toBe(200);
    // The previewing process dies and its disk goes with it.
    a.child.kill('SIGKILL');
    await a.stop();
    const progress = await b.request('GET', `/api/flashcards/import/anki/${preview.body.importId}/progress`, { token });
    expect(progress.body).toEqual({ status: 'ready', done: 0, total: 0 });
    const commit = await b.request('POST', `/api/flashcards/import/anki/${preview.body.importId}/commit`, { token });
    expect(commit.status).toBe(201);
    expect(commit.body).toMatchObject({ cards: 30 });
    expect(await cardCount()).toBe(30);
    a = await startApiProcess(env);
  });

  it('reports a commit’s progress through any process, and releases one whose process died', async () => {
    const preview = await upload(a, token, await buildApkg({ format: 'anki21', notes: notes(6000, 'big') }));
    expect(preview.status).toBe(200);
    const importId = preview.body.importId as string;
    const before = await cardCount();
    const committing = a.request('POST', `/api/flashcards/import/anki/${importId}/commit`, { token });
    const seen: { status: string; done: number; total: number }[] = [];
    for (;;) {
      const res = await b.request('GET', `/api/flashcards/import/anki/${importId}/progress`, { token });
      if (res.status !== 200) break; // committed: the staged import is gone
      seen.push(res.body);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await committing).status).toBe(201);
    // Process B saw the cards being written by process A.
    expect(seen.some((p) => p.status === 'committing' && p.done > 0 && p.done < 6000 && p.total === 6000)).toBe(true);
    expect((await cardCount()) - before).toBe(6000);

    // A commit left by a process that died (its transaction rolled back with it): silent for a
    // minute, it reads as ready again through any process, and commits once.
    const again = await upload(b, token, await buildApkg({ format: 'anki21', notes: notes(10, 'left') }));
    await db.db
      .update(ankiImports)
      .set({ status: 'committing', done: 4, total: 10, heartbeatAt: new Date(Date.now() - 60_000) })
      .where(eq(ankiImports.id, again.body.importId));
    const released = await a.request('GET', `/api/flashcards/import/anki/${again.body.importId}/progress`, { token });
    expect(released.body).toEqual({ status: 'ready', done: 0, total: 10 });
    const commit = await a.request('POST', `/api/flashcards/import/anki/${again.body.importId}/commit`, { token });
    expect(commit.status).toBe(201);
    expect((await cardCount()) - before).toBe(6010);
  }, 120_000);
});
