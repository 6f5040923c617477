import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { ankiImportChunks, ankiImports } from '../schema';

export const insertImportChunk = (db: DbOrTx, importId: string, seq: number, bytes: Uint8Array) =>
  db.insert(ankiImportChunks).values({ importId, seq, bytes });

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
