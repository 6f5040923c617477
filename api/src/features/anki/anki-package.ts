import type { Database } from 'sql.js';
import { AppError } from '../../lib/errors';
import type { AnkiCardContent } from './anki-card';
import {
  type AnkiCard,
  type AnkiNote,
  eachReview,
  type NoteType,
  openCollection,
  parseMediaMap,
  readCards,
  readDecks,
  readNotes,
  readNoteTypes,
  schemaVersion,
} from './collection';
import { type HistoryStep, historyStep } from './history';
import { notAnkiPackage } from './package-error';
import { protoNumber, readMessage } from './protobuf';
import { dropSoundTags, imageNames, sanitizeField } from './sanitize';
import { clozeFieldOf, parseTemplate, renderTemplate, type Template, TemplateError, trimAnswer } from './template';
import { UnpackBudget } from './unpack-budget';
import { listZip, readZipFiles } from './zip-entries';

export const ANKI_MAX_CARDS = 100_000;
export const ANKI_MAX_REVIEWS = 1_000_000;

export type ImportedCard = AnkiCardContent & {
  ankiId: string;
  /** Anki's note id: the cards of one note share a LearnBoost note id. */
  noteKey: string;
  /** The note's GUID and the card's ordinal in it: what a second import of the note matches on. */
  guid: string;
  ord: number;
  history: HistoryStep[];
};

export type AnkiPackage = {
  notes: number;
  cards: ImportedCard[];
  reviews: number;
  /** The images the imported cards show, by the name their HTML uses. */
  media: Map<string, Uint8Array>;
  skipped: Map<string, number>;
};

export type ReadOptions = { maxCards?: number; maxReviews?: number; onProgress?: (done: number) => void };

const COLLECTIONS = ['collection.anki21b', 'collection.anki21', 'collection.anki2'] as const;

// PackageMetadata.version: 1, 2 legacy; 3 latest (zstd collection and media, protobuf media list).
const LATEST = 3;

/** Reads an .apkg or .colpkg into the cards LearnBoost will create, or refuses it with a 422. */
export async function readAnkiPackage(data: Uint8Array, opts: ReadOptions = {}): Promise<AnkiPackage> {
  try {
    return await readPackage(data, opts);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Bad JSON in the collection, a truncated protobuf, a missing column: the package is damaged.
    throw notAnkiPackage('This Anki package is damaged: part of its collection cannot be read.');
  }
}

async function readPackage(data: Uint8Array, opts: ReadOptions): Promise<AnkiPackage> {
  const budget = new UnpackBudget();
  const entries = listZip(data, budget);
  const meta = entries.has('meta') ? readZipFiles(data, ['meta']).get('meta') : undefined;
  const version = meta ? protoNumber(readMessage(meta), 1) : 0;
  if (meta && (version < 1 || version > LATEST)) {
    throw notAnkiPackage('This package was made by a newer version of Anki than LearnBoost can read.');
  }
  const latest = version === LATEST;
  const collectionName = latest
    ? 'collection.anki21b'
    : COLLECTIONS.find((n) => n !== 'collection.anki21b' && entries.has(n));
  if (!collectionName || !entries.has(collectionName)) {
    throw notAnkiPackage(
      'This zip holds no Anki collection (collection.anki2, .anki21 or .anki21b), so there is nothing to import.',
    );
  }
  const files = readZipFiles(data, [collectionName, 'media']);
  let collection = files.get(collectionName) as Uint8Array;
  if (collectionName === 'collection.anki21b') collection = budget.unzstd(collection, 'collection');
  opts.onProgress?.(0.2);

  const db = await openCollection(collection);
  try {
    schemaVersion(db);
    const pkg = readCollection(db, opts);
    opts.onProgress?.(0.8);
    const mediaList = files.get('media');
    const byZipName = mediaList
      ? parseMediaMap(latest ? budget.unzstd(mediaList, 'media list') : mediaList, !latest)
      : new Map();
    pkg.media = readMedia(data, byZipName, wantedImages(pkg.cards), latest, budget);
    opts.onProgress?.(1);
    return pkg;
  } finally {
    db.close();
  }
}

function wantedImages(cards: ImportedCard[]): Set<string> {
  const names = new Set<string>();
  for (const c of cards) for (const n of [...imageNames(c.question), ...imageNames(c.answer)]) names.add(n);
  return names;
}

function readMedia(
  data: Uint8Array,
  byZipName: Map<string, string>,
  wanted: Set<string>,
  zstd: boolean,
  budget: UnpackBudget,
): Map<string, Uint8Array> {
  const zipNameOf = new Map<string, string>();
  for (const [zipName, name] of byZipName) {
    if (wanted.has(name)) zipNameOf.set(name, zipName);
    // Old Anki versions wrote some references URL-encoded.
    else if (wanted.has(encodeURI(name))) zipNameOf.set(encodeURI(name), zipName);
  }
  const files = readZipFiles(data, zipNameOf.values());
  const media = new Map<string, Uint8Array>();
  for (const [name, zipName] of zipNameOf) {
    const bytes = files.get(zipName);
    if (bytes) media.set(name, zstd ? budget.unzstd(bytes, 'media file') : bytes);
  }
  return media;
}

type RenderPlan =
  | { ok: true; type: NoteType; cloze: string | null; templates: Map<number, { front: Template; back: Template }> }
  | { ok: false; reason: string };

function planNoteType(type: NoteType): RenderPlan {
  const fieldNames = new Set(type.fields);
  try {
    const templates = new Map<number, { front: Template; back: Template }>();
    for (const t of type.templates) {
      templates.set(t.ord, { front: parseTemplate(t.front, fieldNames), back: parseTemplate(t.back, fieldNames) });
    }
    let cloze: string | null = null;
    if (type.cloze) {
      const first = templates.get(0);
      cloze = first ? (clozeFieldOf(first.front) ?? null) : null;
      if (!cloze) throw new TemplateError('it is a cloze note type without a {{cloze:…}} field');
    } else {
      for (const t of templates.values()) {
        if (clozeFieldOf(t.front) || clozeFieldOf(t.back))
          throw new TemplateError('it uses {{cloze:…}} outside a cloze note type');
      }
    }
    return { ok: true, type, cloze, templates };
  } catch (err) {
    if (err instanceof TemplateError) return { ok: false, reason: `Note type "${type.name}": ${err.message}` };
    throw err;
  }
}

function readCollection(db: Database, opts: ReadOptions): AnkiPackage {
  const maxCards = opts.maxCards ?? ANKI_MAX_CARDS;
  const maxReviews = opts.maxReviews ?? ANKI_MAX_REVIEWS;
  const skipped = new Map<string, number>();
  const skip = (reason: string, count = 1) => skipped.set(reason, (skipped.get(reason) ?? 0) + count);

  const plans = new Map(readNoteTypes(db).map((t) => [t.id, planNoteType(t)]));
  const decks = new Map(readDecks(db).map((d) => [d.id, d.name]));
  const notes = new Map<string, AnkiNote & { sounds: number }>();
  for (const note of readNotes(db)) {
    let sounds = 0;
    const fields = note.fields.map((f) => {
      const { text, dropped } = dropSoundTags(f);
      sounds += dropped;
      return text;
    });
    notes.set(note.id, { ...note, fields, sounds });
  }
  const ankiCards = readCards(db);
  if (ankiCards.length > maxCards) {
    throw new AppError(413, `This package holds ${ankiCards.length} cards; one import takes at most ${maxCards}.`);
  }

  const cards: ImportedCard[] = [];
  const byAnkiId = new Map<string, ImportedCard>();
  const notesWithCards = new Set<string>();
  for (const card of ankiCards) {
    const imported = renderCard(card, notes.get(card.noteId), plans, decks);
    if (typeof imported === 'string') {
      skip(imported);
      continue;
    }
    cards.push(imported);
    byAnkiId.set(card.id, imported);
    notesWithCards.add(card.noteId);
  }
  let sounds = 0;
  for (const id of notesWithCards) sounds += notes.get(id)?.sounds ?? 0;
  if (sounds) skip('Sound tags removed (LearnBoost plays no sound)', sounds);

  let reviews = 0;
  let manual = 0;
  eachReview(db, (row) => {
    const card = byAnkiId.get(row.cardId);
    if (!card) return;
    const step = historyStep(row);
    if (!step) {
      manual++;
      return;
    }
    if (step.kind === 'review' && ++reviews > maxReviews) {
      throw new AppError(
        413,
        `This package holds more than ${maxReviews} reviews; one import takes at most ${maxReviews}.`,
      );
    }
    card.history.push(step);
  });
  if (manual) skip('Manual due-date changes in the review log (the schedule is rebuilt from the reviews)', manual);

  return { notes: notesWithCards.size, cards, reviews, media: new Map(), skipped };
}

/** The LearnBoost card for one Anki card, or the reason it is skipped. */
function renderCard(
  card: AnkiCard,
  note: (AnkiNote & { sounds: number }) | undefined,
  plans: Map<string, RenderPlan>,
  decks: Map<string, string>,
): ImportedCard | string {
  if (!note) return 'Cards whose note is missing';
  const plan = plans.get(note.noteTypeId);
  if (!plan) return 'Cards whose note type is missing';
  if (!plan.ok) return plan.reason;
  const fields = new Map(plan.type.fields.map((name, i) => [name, note.fields[i] ?? '']));
  const base = {
    ankiId: card.id,
    noteKey: note.id,
    guid: note.guid,
    ord: card.ord,
    deck: decks.get(card.deckId) ?? 'Default',
    tags: note.tags,
    suspended: card.suspended,
    history: [] as HistoryStep[],
  };
  if (plan.cloze) {
    const template = plan.templates.get(0);
    const ordinal = card.ord + 1;
    const text = sanitizeField(fields.get(plan.cloze) ?? '');
    if (!template || !new RegExp(`\\{\\{c${ordinal}::`).test(text)) {
      return 'Cloze cards whose number no longer appears in their text';
    }
    const answer = trimAnswer(sanitizeField(renderTemplate(template.back, { fields, frontSide: '', cloze: () => '' })));
    return { ...base, kind: 'cloze', clozeOrdinal: ordinal, question: text, answer };
  }
  const template = plan.templates.get(card.ord);
  if (!template) return `Note type "${plan.type.name}": cards of a template that no longer exists`;
  const question = sanitizeField(renderTemplate(template.front, { fields })).trim();
  const answer = trimAnswer(sanitizeField(renderTemplate(template.back, { fields, frontSide: '' })));
  if (!question) return 'Cards with an empty question';
  return { ...base, kind: 'basic', clozeOrdinal: null, question, answer };
}
