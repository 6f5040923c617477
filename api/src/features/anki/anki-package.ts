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
import { eachZipFile, joinPieces, type ZipSource } from './zip-entries';

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
  /**
   * The images the imported cards show and the package holds: the name their HTML uses → the
   * zip entry holding it. Read one at a time by readPackageImages, never all at once.
   */
  images: Map<string, string>;
  /** Whether those entries are zstd-compressed (the latest package format). */
  imagesZstd: boolean;
  skipped: Map<string, number>;
};

export type ReadOptions = { maxCards?: number; maxReviews?: number; onProgress?: (done: number) => void };

const COLLECTIONS = ['collection.anki21b', 'collection.anki21', 'collection.anki2'] as const;

// PackageMetadata.version: 1, 2 legacy; 3 latest (zstd collection and media, protobuf media list).
const LATEST = 3;

/** Reads an .apkg or .colpkg into the cards LearnBoost will create, or refuses it with a 422. */
export async function readAnkiPackage(source: ZipSource, opts: ReadOptions = {}): Promise<AnkiPackage> {
  try {
    return await readPackage(source, opts);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Bad JSON in the collection, a truncated protobuf, a missing column: the package is damaged.
    throw notAnkiPackage('This Anki package is damaged: part of its collection cannot be read.');
  }
}

// The files of a package that say what is in it; the media entries are read only on commit.
const PACKAGE_FILES = new Set(['meta', 'media', ...COLLECTIONS]);

async function readPackage(source: ZipSource, opts: ReadOptions): Promise<AnkiPackage> {
  const budget = new UnpackBudget();
  const files = new Map<string, Uint8Array>();
  const entries = await eachZipFile(
    source,
    (n) => PACKAGE_FILES.has(n),
    (n, pieces) => void files.set(n, joinPieces(pieces)),
    budget,
  );
  const meta = files.get('meta');
  const version = meta ? protoNumber(readMessage(meta), 1) : 0;
  if (meta && (version < 1 || version > LATEST)) {
    throw notAnkiPackage('This package was made by a newer version of Anki than LearnBoost can read.');
  }
  const latest = version === LATEST;
  const collectionName = latest
    ? 'collection.anki21b'
    : COLLECTIONS.find((n) => n !== 'collection.anki21b' && files.has(n));
  if (!collectionName || !files.has(collectionName)) {
    throw notAnkiPackage(
      'This zip holds no Anki collection (collection.anki2, .anki21 or .anki21b), so there is nothing to import.',
    );
  }
  let collection = files.get(collectionName) as Uint8Array;
  for (const n of COLLECTIONS) files.delete(n);
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
      : new Map<string, string>();
    pkg.images = imageEntries(byZipName, wantedImages(pkg.cards), entries);
    pkg.imagesZstd = latest;
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

/** The zip entry of each image the cards show, for the images the package really holds. */
function imageEntries(byZipName: Map<string, string>, wanted: Set<string>, entries: Set<string>): Map<string, string> {
  const zipNameOf = new Map<string, string>();
  for (const [zipName, name] of byZipName) {
    if (!entries.has(zipName)) continue;
    if (wanted.has(name)) zipNameOf.set(name, zipName);
    // Old Anki versions wrote some references URL-encoded.
    else if (wanted.has(encodeURI(name))) zipNameOf.set(encodeURI(name), zipName);
  }
  return zipNameOf;
}

/**
 * Reads the package's images one at a time, in the order the zip holds them, and hands each to
 * `onImage` (which may store it) before the next is unpacked: as the pieces it was unpacked in
 * (eachZipFile), or whole when it was zstd-compressed.
 */
export async function readPackageImages(
  source: ZipSource,
  pkg: Pick<AnkiPackage, 'images' | 'imagesZstd'>,
  onImage: (name: string, pieces: Uint8Array[]) => Promise<void>,
): Promise<void> {
  if (!pkg.images.size) return;
  const nameOf = new Map([...pkg.images].map(([name, zipName]) => [zipName, name]));
  const budget = new UnpackBudget();
  await eachZipFile(
    source,
    (n) => nameOf.has(n),
    (zipName, pieces) =>
      onImage(
        nameOf.get(zipName) as string,
        pkg.imagesZstd ? [budget.unzstd(joinPieces(pieces), 'media file')] : pieces,
      ),
    budget,
  );
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

  return { notes: notesWithCards.size, cards, reviews, images: new Map(), imagesZstd: false, skipped };
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
