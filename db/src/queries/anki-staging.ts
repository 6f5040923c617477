import { and, eq, sql } from 'drizzle-orm';
import { clientOf, type Db, type DbOrTx, isPglite } from '../client';
import { ankiImportChunks, ankiImports } from '../schema';
import { copyPieces } from './copy-pieces';

/** A COPY of a 200 MB package takes seconds, several at once under load more than the pool's 10 s. */
const COPY_TIMEOUT_MS = 120_000;

/**
 * Pieces 0, 1, … of a staged package, on PostgreSQL, by one binary COPY (copyPieces), on a
 * connection reserved for it: on a pooled one postgres.js pipelines other requests' queries
 * behind it, which reach the server in the middle of the copy ("protocol synchronization was
 * lost": the server closes the connection and those requests fail).
 */
export async function copyImportChunks(db: Db, importId: string, pieces: AsyncIterable<Uint8Array>): Promise<void> {
  const client = clientOf(db);
  if (isPglite(client)) throw new Error('a staged package is copied to the database on PostgreSQL only');
  const reserved = await client.reserve();
  try {
    await reserved.unsafe(`set statement_timeout = ${COPY_TIMEOUT_MS}`);
    await copyPieces(
      reserved,
      'anki_import_chunks (import_id, seq, bytes)',
      importId,
      pieces,
      'reset statement_timeout',
    );
  } catch (err) {
    // A copy the server refused, or that was ended (CopyFail) because the file could not be read,
    // leaves the connection in step: it goes back to the pool, with the pool's timeout. One that
    // closed under the copy is the pool's again already (it reconnects it); releasing it would
    // hand it out twice.
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
