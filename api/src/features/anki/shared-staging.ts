import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copyImportChunks, type Db, readImportChunk } from '@learnboost/db';

// On PostgreSQL a staged package is also kept in the database, in pieces, so whichever api process
// (on whichever machine) gets the commit can read it. Pieces go in and come out one at a time: no
// process ever holds the package whole.

const CHUNK_BYTES = 2 * 1024 * 1024;
/** How often a commit on PostgreSQL says it is alive (and how far it has got). */
export const COMMIT_HEARTBEAT_MS = 5000;
/** A commit silent this long died with its process; any process may release it. */
export const COMMIT_SILENT_MS = 15_000;

/** Copies the staged file into the database, piece by piece, as it is read (one COPY). */
export async function shareStagedFile(db: Db, importId: string, file: string): Promise<void> {
  await copyImportChunks(db, importId, createReadStream(file, { highWaterMark: CHUNK_BYTES }));
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * The staged package on this machine's disk: the file it was staged to when that was here, else a
 * copy fetched from the database into the staging folder (`fetched`: the caller removes it).
 * Undefined when it is in neither.
 */
export async function localCopy(
  db: Db,
  importId: string,
  file: string,
  stagingDir: string,
): Promise<{ path: string; fetched: boolean } | undefined> {
  if (await exists(file)) return { path: file, fetched: false };
  const first = await readImportChunk(db, importId, 0);
  if (!first) return undefined;
  await mkdir(stagingDir, { recursive: true });
  const copy = path.join(stagingDir, `${importId}.${randomUUID()}.apkg`);
  async function* pieces() {
    yield first as Uint8Array;
    for (let seq = 1; ; seq++) {
      const piece = await readImportChunk(db, importId, seq);
      if (!piece) return;
      yield piece;
    }
  }
  try {
    await pipeline(Readable.from(pieces()), createWriteStream(copy));
  } catch (err) {
    await rm(copy, { force: true });
    throw err;
  }
  return { path: copy, fetched: true };
}

/**
 * Staged files older than `olderThanMs` in this machine's staging folder: an import staged here and
 * committed or expired through another machine leaves its file here, which no row names any more.
 */
export async function forgetOldFiles(dir: string, olderThanMs: number, now: Date): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now.getTime() - info.mtimeMs > olderThanMs) await rm(file, { force: true });
  }
}
