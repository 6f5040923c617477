import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import type { Db, DbOrTx } from '../client';
import { ankiImportChunks, ankiImports } from '../schema';

// PostgreSQL's binary COPY: a signature and two empty words, then per row its field count and each
// field as length + bytes, then -1.
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Pieces 0, 1, … of a staged package, on PostgreSQL, by one binary COPY: each piece goes to the
 * server as the bytes it is. An insert's parameter would go as hex text (postgres.js has no binary
 * parameters), twice the piece as a string on V8's heap, and for a 200 MB package those strings
 * piled up 70–150 MB above idle before a collection took them.
 */
export async function copyImportChunks(db: Db, importId: string, pieces: AsyncIterable<Uint8Array>): Promise<void> {
  const client = (db as unknown as { $client: Sql }).$client;
  const copy = await client
    .unsafe('copy anki_import_chunks (import_id, seq, bytes) from stdin with (format binary)')
    .writable();
  const id = Buffer.from(importId.replaceAll('-', ''), 'hex');
  async function* rows() {
    yield Buffer.concat([COPY_SIGNATURE, Buffer.alloc(8)]);
    let seq = 0;
    for await (const piece of pieces) {
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
  await pipeline(Readable.from(rows()), copy);
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
