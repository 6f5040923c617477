import type { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import type { Db, DbOrTx } from '../client';
import { ankiImportChunks, ankiImports } from '../schema';

// PostgreSQL's binary COPY: a signature and two empty words, then per row its field count and each
// field as length + bytes, then -1.
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** A COPY of a 200 MB package takes seconds, several at once under load more than the pool's 10 s. */
const COPY_TIMEOUT_MS = 120_000;
// postgres.js copies each write into a message buffer of its own: 2 MB ones waited for the
// collector by the dozen (a 200 MB preview 80–120 MB above idle), quarter-megabyte ones hardly (about 63).
const WRITE_BYTES = 256 * 1024;

/**
 * Pieces 0, 1, … of a staged package, on PostgreSQL, by one binary COPY: each piece goes to the
 * server as the bytes it is. An insert's parameter goes as hex text (postgres.js has no binary
 * parameters), twice the piece as a string on V8's heap, and for a 200 MB package those strings
 * piled up 70–150 MB above idle before a collection took them.
 *
 * The COPY runs on a connection reserved for it: on a pooled one postgres.js pipelines other
 * requests' queries behind it, which reach the server in the middle of the copy ("protocol
 * synchronization was lost": the server closes the connection and those requests fail).
 */
export async function copyImportChunks(db: Db, importId: string, pieces: AsyncIterable<Uint8Array>): Promise<void> {
  const reserved = await (db as unknown as { $client: Sql }).$client.reserve();
  let copy: Writable | undefined;
  try {
    await reserved.unsafe(`set statement_timeout = ${COPY_TIMEOUT_MS}`);
    const target = await reserved
      .unsafe('copy anki_import_chunks (import_id, seq, bytes) from stdin with (format binary)')
      .writable();
    copy = target;
    let failed: Error | undefined;
    target.on('error', (err) => {
      failed ??= err;
    });
    // Each piece waits until the socket took it: a copy the server ended meanwhile fails the next.
    for await (const bytes of copyRows(importId, pieces)) {
      for (let at = 0; at < bytes.length; at += WRITE_BYTES) {
        await new Promise<void>((resolve, reject) =>
          target.write(bytes.subarray(at, at + WRITE_BYTES), (err) => (err ? reject(failed ?? err) : resolve())),
        );
      }
    }
    target.end();
    await new Promise((resolve) => setImmediate(resolve));
    // postgres.js loses an error the server sends after the end of the data (past the timeout, say):
    // the copy would wait for ever. A query behind it answers either way, once the copy's own
    // answer is in; by then the copy has finished, or it failed.
    await reserved.unsafe('reset statement_timeout');
    await new Promise((resolve) => setImmediate(resolve));
    if (failed) throw failed;
    if (!target.writableFinished) throw new Error('PostgreSQL did not take the staged package (COPY failed)');
  } catch (err) {
    // A copy the server refused, or that postgres.js ended (CopyFail) because the file could not be
    // read, leaves the connection in step: it goes back to the pool, with the pool's timeout. One
    // that closed under the copy is the pool's again already (it reconnects it); releasing it
    // would hand it out twice.
    if (copy && !copy.writableFinished && !copy.destroyed) copy.destroy(err as Error); // CopyFail
    if (!connectionLost(err)) {
      const reset = await reserved.unsafe('reset statement_timeout').then(
        () => true,
        () => false,
      );
      if (reset) reserved.release();
    }
    throw err;
  }
  reserved.release();
}

function connectionLost(err: unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown; severity?: unknown };
  return (
    typeof e !== 'object' ||
    e === null ||
    (typeof e.code === 'string' && e.code.startsWith('CONNECT')) ||
    e.errno !== undefined ||
    e.severity === 'FATAL' ||
    e.severity === 'PANIC'
  );
}

async function* copyRows(importId: string, pieces: AsyncIterable<Uint8Array>) {
  const id = Buffer.from(importId.replaceAll('-', ''), 'hex');
  yield Buffer.concat([COPY_SIGNATURE, Buffer.alloc(8)]);
  let seq = 0;
  for await (const piece of pieces) {
    // Three fields: the uuid (16 bytes), the seq (int4), the piece (its length, then its bytes).
    const head = Buffer.alloc(2 + 4 + 16 + 4 + 4 + 4);
    head.writeInt16BE(3, 0);
    head.writeInt32BE(16, 2);
    id.copy(head, 6);
    head.writeInt32BE(4, 22);
    head.writeInt32BE(seq++, 26);
    head.writeInt32BE(piece.length, 30);
    yield head;
    yield piece;
  }
  const end = Buffer.alloc(2);
  end.writeInt16BE(-1, 0);
  yield end;
}

/** Piece `seq` of a staged package, or undefined past its end. */
export const readImportChunk = async (db: DbOrTx, importId: string, seq: number): Promise<Uint8Array | undefined> => {
  const [row] = await db
    .select({ bytes: ankiImportChunks.bytes })
    .from(ankiImportChunks)
    .where(and(eq(ankiImportChunks.importId, importId), eq(ankiImportChunks.seq, seq)));
  return row?.bytes;
};

/** How far a commit has got, and that its process is alive; from outside the commit's transaction. */
export const reportImportProgress = (db: DbOrTx, id: string, done: number, total: number) =>
  db
    .update(ankiImports)
    .set({ done, total, heartbeatAt: sql`now()` })
    .where(and(eq(ankiImports.id, id), eq(ankiImports.status, 'committing')));

/**
 * Commits whose process stopped giving signs of life (it died: its transaction rolled back with
 * its connection) are ready again, so the learner can commit them through any process.
 */
export const releaseDeadCommits = (db: DbOrTx, silentForMs: number) =>
  db
    .update(ankiImports)
    .set({ status: 'ready', done: 0, heartbeatAt: null })
    .where(
      and(
        eq(ankiImports.status, 'committing'),
        sql`${ankiImports.heartbeatAt} < now() - make_interval(secs => ${silentForMs / 1000})`,
      ),
    );
