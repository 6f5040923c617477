import {
  type Db,
  findOwnedDeck,
  listCardsForExport,
  listDeckNames,
  listOwnedMedia,
  listReviewsForExport,
} from '@learnboost/db';
import { AppError } from '../../lib/errors';
import { type ExportCard, writeApkg } from './apkg-writer';
import { imageNames } from './sanitize';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Cards written here are plain text; Anki fields are HTML, so they are escaped (and lines kept). */
const asHtml = (text: string, format: string) => (format === 'html' ? text : escapeHtml(text).replace(/\n/g, '<br>'));

/** The learner's cards (one deck and those nested under it, or all) as an .apkg. */
export async function exportApkg({
  db,
  userId,
  deckId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  deckId?: string;
  now?: Date;
}) {
  let deckIds: string[] | undefined;
  if (deckId) {
    const deck = await findOwnedDeck(db, userId, deckId);
    if (!deck) throw new AppError(404, 'Deck not found');
    deckIds = (await listDeckNames(db, userId))
      .filter((d) => d.name === deck.name || d.name.startsWith(`${deck.name}::`))
      .map((d) => d.id);
  }
  const rows = await listCardsForExport(db, userId, deckIds);
  const cards: ExportCard[] = rows.map(({ card, deckName }) => ({
    id: card.id,
    noteId: card.noteId,
    deck: deckName,
    kind: card.kind,
    clozeOrdinal: card.clozeOrdinal,
    question: asHtml(card.question, card.format),
    answer: asHtml(card.answer, card.format),
    tags: card.tags,
    suspended: card.suspended,
    state: card.state,
    due: card.due,
    scheduledDays: card.scheduledDays,
    reps: card.reps,
    lapses: card.lapses,
    createdAt: card.createdAt,
  }));
  const ids = new Set(cards.map((c) => c.id));
  const reviews = (await listReviewsForExport(db, userId))
    .filter((r) => ids.has(r.cardId))
    .map((r) => ({
      cardId: r.cardId,
      at: r.reviewedAt,
      rating: r.rating,
      state: r.state,
      scheduledDays: r.scheduledDays,
      durationMs: r.durationMs,
    }));
  const shown = new Set(cards.flatMap((c) => [...imageNames(c.question), ...imageNames(c.answer)]));
  const media = new Map(
    (await listOwnedMedia(db, userId)).filter((m) => shown.has(m.name)).map((m) => [m.name, new Uint8Array(m.bytes)]),
  );
  return writeApkg(cards, reviews, media, now);
}

/**
 * Cards with no one's schedule (a study room's shared deck, issue 24) as an .apkg: every card new,
 * a cloze text one card per number, sharing its note.
 */
export async function exportSharedDeckApkg({
  deckName,
  cards,
  media = new Map(),
  now = new Date(),
}: {
  deckName: string;
  cards: {
    id: string;
    kind: 'basic' | 'cloze';
    ordinals: number[];
    question: string;
    answer: string;
    format: string;
    tags: string[];
    createdAt: Date;
  }[];
  /** The images the cards show, by the name their HTML uses. */
  media?: Map<string, Uint8Array>;
  now?: Date;
}): Promise<Uint8Array> {
  const rows: ExportCard[] = cards.flatMap((card) =>
    card.ordinals.map((ord) => ({
      id: `${card.id}:${ord}`,
      noteId: card.id,
      deck: deckName,
      kind: card.kind,
      clozeOrdinal: card.kind === 'cloze' ? ord : null,
      question: asHtml(card.question, card.format),
      answer: asHtml(card.answer, card.format),
      tags: card.tags,
      suspended: false,
      state: 0,
      due: now,
      scheduledDays: 0,
      reps: 0,
      lapses: 0,
      createdAt: card.createdAt,
    })),
  );
  return writeApkg(rows, [], media, now);
}
