import { analyzeFlashcards, insertCards, listDeckForExport, listDeckQuestions } from '@learnboost/db';
import { IMPORT_MAX_BYTES, type TImportPreview, type TImportResult } from '../../contract';
import { AppError } from '../../lib/errors';
import type { LearnerContext } from '../../lib/learner-context';
import { ownedDeck } from '../decks/decks.service';
import { type ParsedCard, parseImport, toCsv } from './import-parser';

const key = (question: string) => question.trim().toLowerCase();

function markDuplicates(cards: ParsedCard[], existing: string[]) {
  const seen = new Set(existing.map(key));
  return cards.map((card) => {
    const duplicate = seen.has(key(card.question));
    seen.add(key(card.question));
    return { ...card, duplicate };
  });
}

function parseWithinLimits(content: string) {
  if (Buffer.byteLength(content, 'utf8') > IMPORT_MAX_BYTES) throw new AppError(413, 'An import file is at most 10 MB');
  return parseImport(content);
}

export async function previewImport({
  db,
  userId,
  content,
}: LearnerContext & { content: string }): Promise<TImportPreview> {
  const { format, cards } = parseWithinLimits(content);
  const rows = markDuplicates(cards, await listDeckQuestions(db, userId));
  return { format, rows, count: rows.length, duplicateCount: rows.filter((r) => r.duplicate).length };
}

const CHUNK = 500;
/** An import this large changes the table enough that searches need fresh planner statistics. */
const ANALYZE_AFTER = 1000;

/** All or nothing: every card is written in one transaction, or none is. */
export async function importCards({
  db,
  userId,
  content,
  skipDuplicates,
  deckId,
  now = new Date(),
}: LearnerContext & { content: string; skipDuplicates: boolean; deckId?: string }): Promise<TImportResult> {
  const { cards } = parseWithinLimits(content);
  const result = await db.transaction(async (tx) => {
    // Another learner's deck answers 404, as everywhere.
    if (deckId) await ownedDeck(tx, userId, deckId);
    const rows = markDuplicates(cards, await listDeckQuestions(tx, userId));
    const keep = skipDuplicates ? rows.filter((r) => !r.duplicate) : rows;
    for (let i = 0; i < keep.length; i += CHUNK) {
      await insertCards(
        tx,
        keep
          .slice(i, i + CHUNK)
          .map((c) => ({ userId, deckId, question: c.question, answer: c.answer, due: now, createdAt: now })),
      );
    }
    return { added: keep.length, skipped: rows.length - keep.length };
  });
  if (result.added >= ANALYZE_AFTER) await analyzeFlashcards(db);
  return result;
}

export async function exportCsv({ db, userId }: LearnerContext): Promise<string> {
  return toCsv(await listDeckForExport(db, userId));
}
