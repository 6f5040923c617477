import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  analyzeFlashcards,
  claimStagedImport,
  type Db,
  deleteStagedImport,
  ensureDecks,
  findImportedNoteCards,
  findMediaByNames,
  findMediaSize,
  findStagedImport,
  insertImportedCards,
  insertMediaInPieces,
  insertReviewRows,
  insertStagedImport,
  listMediaNames,
  MEDIA_PIECE_BYTES,
  rebuildStudyDays,
  releaseDeadCommits,
  reportImportProgress,
  setImportProgress,
  type Tx,
  takeExpiredImports,
  updateImportedCards,
} from '@learnboost/db';
import {
  IMPORT_GONE,
  IMPORT_GONE_CODE,
  type TAnkiImportPreview,
  type TAnkiImportProgress,
  type TAnkiImportResult,
} from '../../contract';
import { collectGarbage } from '../../lib/collect-garbage';
import { AppError, isUniqueViolation } from '../../lib/errors';
import type { LearnerContext } from '../../lib/learner-context';
import { DEFAULT_SCHEDULER, type SchedulerSettings } from '../../lib/scheduling/schedule';
import { type AnkiPackage, readAnkiPackage, readPackageImages } from './anki-package';
import { replayHistory } from './history';
import { freeName, imageMime } from './media-names';
import { planReImport, type ReImportPlan } from './re-import';
import { renameImages } from './sanitize';
import { COMMIT_HEARTBEAT_MS, COMMIT_SILENT_MS, forgetOldFiles, localCopy, shareStagedFile } from './shared-staging';

/**
 * Where packages wait between preview and commit: `dir` on this machine's disk, and with `shared`
 * (PostgreSQL) in the database too, so any api process can commit or report on any import.
 */
export type Staging = { dir: string; shared: boolean };

export const STAGED_FOR_MS = 60 * 60 * 1000;
const CARD_CHUNK = 2000;
const REVIEW_CHUNK = 5000;

const TOO_LARGE = 'An Anki package is at most 200 MB';
const NOT_FOUND = 'Import not found: it was committed already, or it was never yours';

/**
 * The learner's staged import: 404 when there is none (committed, or another learner's), 410
 * when it expired after its hour or its staged package is no longer there to read.
 */
async function stagedImport(db: Db, userId: string, importId: string, now: Date) {
  const row = await findStagedImport(db, userId, importId);
  if (!row) throw new AppError(404, NOT_FOUND);
  if (row.expiresAt <= now) throw new AppError(410, IMPORT_GONE, { code: IMPORT_GONE_CODE });
  return row;
}

// A commit's progress, for the learner's progress bar. Rows written inside the open transaction
// cannot be seen from outside it, so the count is kept by the process doing the work, and on
// PostgreSQL written to the import's row from outside the transaction for every other process.
const progress = new Map<string, { done: number; total: number }>();

// The last packages read, by import: a commit in the same process need not read its package
// again (the staged file stays the truth for any other process). Only a few: each holds every
// card and review of a package in memory.
const recentlyRead = new Map<string, AnkiPackage>();
const KEEP_READ = 2;

function remember(importId: string, pkg: AnkiPackage) {
  recentlyRead.set(importId, pkg);
  while (recentlyRead.size > KEEP_READ) recentlyRead.delete(recentlyRead.keys().next().value as string);
}

/** Removes the imports nobody committed within the hour, rows and files. */
export async function sweepExpiredImports(db: Db, now = new Date()) {
  for (const file of await takeExpiredImports(db, now)) await rm(file, { force: true });
}

/**
 * Stages an upload: streamed to a file in the staging folder as it arrives (never whole in
 * memory), then read from there for the preview. A package that cannot be read leaves no file.
 */
export async function previewAnkiImport({
  db,
  userId,
  staging,
  upload,
  now = new Date(),
}: LearnerContext & {
  staging: Staging;
  /** The file part of the upload; `truncated` when it went past the size limit (the rest was not read). */
  upload: Readable & { truncated?: boolean };
}): Promise<TAnkiImportPreview> {
  await mkdir(staging.dir, { recursive: true });
  const staged = path.join(staging.dir, `${randomUUID()}.apkg`);
  let pkg: AnkiPackage;
  try {
    await pipeline(upload, createWriteStream(staged));
    if (upload.truncated) throw new AppError(413, TOO_LARGE);
    pkg = await readAnkiPackage({ path: staged });
  } catch (err) {
    await rm(staged, { force: true });
    throw err;
  }
  await sweepExpiredImports(db, now);
  // A margin past the hour: a commit may still be reading a file staged just under an hour ago.
  await forgetOldFiles(staging.dir, STAGED_FOR_MS + 10 * 60_000, now);
  const row = await insertStagedImport(db, {
    userId,
    path: staged,
    expiresAt: new Date(now.getTime() + STAGED_FOR_MS),
  });
  if (staging.shared) {
    try {
      await shareStagedFile(db, row.id, staged);
    } catch (err) {
      await deleteStagedImport(db, row.id).catch(() => {});
      await rm(staged, { force: true });
      throw err;
    }
  }
  remember(row.id, pkg);
  const { notes } = planReImport(pkg.cards, await findImportedNoteCards(db, userId, guidsOf(pkg)));
  // The package went through memory a quarter of a megabyte at a time, up to 200 MB of buffers
  // that are garbage now: collected before the learner commits, not left in the process.
  await collectGarbage();
  return previewOf(row.id, pkg, notes);
}

/**
 * The staged package, on this machine's disk to read: where it was staged, or fetched from the
 * database; gone (swept, or staged on another machine's disk without PostgreSQL): 410.
 */
async function stagedFile(db: Db, importId: string, file: string, staging: Staging) {
  const copy = await localCopy(db, importId, file, staging.dir);
  if (copy) return copy;
  await deleteStagedImport(db, importId);
  throw new AppError(410, IMPORT_GONE, { code: IMPORT_GONE_CODE });
}

const guidsOf = (pkg: AnkiPackage) => [...new Set(pkg.cards.map((c) => c.guid))];

function previewOf(importId: string, pkg: AnkiPackage, notes: ReImportPlan['notes']): TAnkiImportPreview {
  const decks = new Map<string, number>();
  for (const c of pkg.cards) decks.set(c.deck, (decks.get(c.deck) ?? 0) + 1);
  return {
    importId,
    decks: [...decks].map(([name, cards]) => ({ name, cards })).sort((a, b) => a.name.localeCompare(b.name)),
    notes: pkg.notes,
    newNotes: notes.new,
    updatedNotes: notes.updated,
    unchangedNotes: notes.unchanged,
    cards: pkg.cards.length,
    reviews: pkg.reviews,
    media: [...pkg.images.keys()].filter((n) => imageMime(n)).length,
    skipped: [...pkg.skipped].map(([reason, count]) => ({ reason, count })),
    sample: pkg.cards.slice(0, 5).map(({ deck, kind, clozeOrdinal, question, answer, tags, suspended }) => ({
      deck,
      kind,
      clozeOrdinal,
      question,
      answer,
      tags,
      suspended,
    })),
  };
}

export async function importProgress({
  db,
  userId,
  importId,
  staging,
  now = new Date(),
}: LearnerContext & { importId: string; staging: Staging }): Promise<TAnkiImportProgress> {
  // A commit whose process died reads as ready again: the learner may commit it once more.
  if (staging.shared) await releaseDeadCommits(db, COMMIT_SILENT_MS);
  const row = await stagedImport(db, userId, importId, now);
  const live = progress.get(importId);
  return { status: row.status, done: live?.done ?? row.done, total: live?.total ?? row.total };
}

/**
 * Writes the staged package: decks (made or reused by name), images, cards with the schedule
 * their history gives, and that history. One transaction: all of it, or nothing.
 */
export async function commitAnkiImport({
  db,
  userId,
  timeZone,
  importId,
  staging,
  now = new Date(),
  scheduler = DEFAULT_SCHEDULER,
}: LearnerContext & {
  importId: string;
  timeZone: string;
  staging: Staging;
  scheduler?: SchedulerSettings;
}): Promise<TAnkiImportResult> {
  if (staging.shared) await releaseDeadCommits(db, COMMIT_SILENT_MS);
  const row = await stagedImport(db, userId, importId, now);
  const source = await stagedFile(db, importId, row.path, staging);
  let pkg: AnkiPackage;
  try {
    pkg = recentlyRead.get(importId) ?? (await readAnkiPackage(source));
    recentlyRead.delete(importId);
    if (!(await claimStagedImport(db, importId, pkg.cards.length, staging.shared))) {
      throw new AppError(409, 'This import is already being committed');
    }
  } catch (err) {
    if (source.fetched) await rm(source.path, { force: true });
    throw err;
  }
  progress.set(importId, { done: 0, total: pkg.cards.length });
  // Signs of life for every other process: one that finds them stopped may release the import.
  const report = () => {
    const sofar = progress.get(importId);
    if (staging.shared && sofar) void reportImportProgress(db, importId, sofar.done, sofar.total).catch(() => {});
  };
  const heartbeat = setInterval(report, COMMIT_HEARTBEAT_MS);
  try {
    const result = await db.transaction(async (tx) => {
      const media = await writeMedia(db, tx, userId, source, pkg);
      const cards = pkg.cards.map((c) => ({
        ...c,
        question: withMediaNames(c.question, media.renamed),
        answer: withMediaNames(c.answer, media.renamed),
      }));
      // Notes the learner has from an earlier import are updated, never added twice.
      const plan = planReImport(cards, await findImportedNoteCards(tx, userId, guidsOf(pkg)));
      await updateImportedCards(tx, plan.update);
      const deckIds = await ensureDecks(tx, userId, [...new Set(plan.add.map((a) => a.card.deck))]);
      const noteIds = new Map<string, string>();
      let reviews = 0;
      for (let i = 0; i < plan.add.length; i += CARD_CHUNK) {
        const chunk = plan.add.slice(i, i + CARD_CHUNK).map((a) => a.card);
        const joins = plan.add.slice(i, i + CARD_CHUNK).map((a) => a.noteId);
        const ids = chunk.map(() => randomUUID());
        const replayed = chunk.map((c, j) => replayHistory(c.history, now, timeZone, scheduler, ids[j]));
        await insertImportedCards(
          tx,
          chunk.map((c, j) => {
            const noteId = joins[j] ?? noteIds.get(c.noteKey) ?? randomUUID();
            noteIds.set(c.noteKey, noteId);
            return {
              id: ids[j] as string,
              userId,
              deckId: deckIds.get(c.deck) as string,
              kind: c.kind,
              clozeOrdinal: c.clozeOrdinal,
              noteId,
              format: 'html' as const,
              question: c.question,
              answer: c.answer,
              ankiGuid: c.guid,
              ankiOrd: c.ord,
              tags: c.tags,
              suspended: c.suspended,
              ...(replayed[j] as ReturnType<typeof replayHistory>).schedule,
              createdAt: now,
              updatedAt: now,
            };
          }),
        );
        const logs = replayed.flatMap((r, j) =>
          r.reviews.map((review) => ({ ...review, cardId: ids[j] as string, userId })),
        );
        for (let k = 0; k < logs.length; k += REVIEW_CHUNK) await insertReviewRows(tx, logs.slice(k, k + REVIEW_CHUNK));
        reviews += logs.length;
        progress.set(importId, { done: i + chunk.length, total: pkg.cards.length });
        report();
      }
      if (reviews) await rebuildStudyDays(tx, userId, timeZone);
      await deleteStagedImport(tx, importId);
      return {
        cards: plan.add.length,
        updated: plan.update.length,
        unchanged: pkg.cards.length - plan.add.length - plan.update.length,
        reviews,
        media: media.stored,
      };
    });
    await rm(row.path, { force: true });
    // As after a large text import: fresh planner statistics, so the browser's search stays fast.
    if (result.cards >= 1000) await analyzeFlashcards(db);
    return result;
  } catch (err) {
    // Nothing was written; the learner may try the same import again.
    await setImportProgress(db, importId, { status: 'ready', done: 0 }).catch(() => {});
    // Another import of the same notes committed first (the GUID index): this one may run again now.
    if (isUniqueViolation(err))
      throw new AppError(409, 'Another import of these notes was written meanwhile; import again');
    throw err;
  } finally {
    clearInterval(heartbeat);
    progress.delete(importId);
    if (source.fetched) await rm(source.path, { force: true });
  }
}

const withMediaNames = (html: string, renamed: Map<string, string>) =>
  renamed.size ? renameImages(html, (name) => renamed.get(name)) : html;

function* piecesOf(unpacked: Uint8Array[]) {
  for (const bytes of unpacked) {
    for (let at = 0; at < bytes.length; at += MEDIA_PIECE_BYTES) yield bytes.subarray(at, at + MEDIA_PIECE_BYTES);
  }
}

/**
 * Stores the package's images as the learner's media, one at a time as they are unpacked, each
 * in the pieces it was unpacked in: never a buffer of its whole size. Same name and same bytes:
 * already there. Same name, other bytes: stored under a free name, and the cards point at that one.
 */
async function writeMedia(db: Db, tx: Tx, userId: string, source: { path: string }, pkg: AnkiPackage) {
  const renamed = new Map<string, string>();
  const stored = new Set<string>();
  await readPackageImages(source, pkg, async (name, pieces) => {
    const mime = imageMime(name);
    if (!mime) return;
    const size = pieces.reduce((n, p) => n + p.length, 0);
    const have = await findMediaSize(tx, userId, name);
    let finalName = name;
    if (have) {
      // Only an image of the same size can be the same: read back, and joined, only then.
      if (have.size === size) {
        const [same] = await findMediaByNames(tx, userId, [name]);
        if (same && Buffer.from(same.bytes).equals(Buffer.concat(pieces))) return;
      }
      const dot = name.lastIndexOf('.');
      const taken = new Set(await listMediaNames(tx, userId, dot > 0 ? name.slice(0, dot) : name));
      for (const n of stored) taken.add(n);
      finalName = freeName(name, taken);
      renamed.set(name, finalName);
    }
    await insertMediaInPieces(db, tx, { userId, name: finalName, mime, size }, piecesOf(pieces));
    stored.add(finalName);
  });
  return { stored: stored.size, renamed };
}
