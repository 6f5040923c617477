import { createHash } from 'node:crypto';
import { CardState } from '@learnboost/db';
import { zipSync } from 'fflate';
import type { AnkiCardContent } from './anki-card';
import { ANKI_GRAVES_11, ANKI_SCHEMA_11 } from './anki-schema';
import { loadSqlJs } from './collection';
import { stripHtml } from './template';

/** What an export holds, in LearnBoost's terms; the writer turns it into Anki's schema 11. */
export type ExportCard = AnkiCardContent & {
  id: string;
  noteId: string;
  /** CardState (db schema). */
  state: number;
  due: Date;
  scheduledDays: number;
  reps: number;
  lapses: number;
  createdAt: Date;
};
export type ExportReview = {
  cardId: string;
  at: Date;
  rating: number;
  state: number;
  scheduledDays: number;
  durationMs: number;
};

const BASIC_ID = 1_000_000_000_001;
const CLOZE_ID = 1_000_000_000_002;
const DAY = 86_400_000;

const CSS = '.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }';
const field = (name: string, ord: number) => ({
  name,
  ord,
  sticky: false,
  rtl: false,
  font: 'Arial',
  size: 20,
  media: [],
});
const model = (
  id: number,
  name: string,
  type: number,
  fields: string[],
  tmpl: { name: string; qfmt: string; afmt: string },
) => ({
  id,
  name,
  type,
  mod: 0,
  usn: -1,
  sortf: 0,
  did: 1,
  tmpls: [{ ...tmpl, ord: 0, did: null, bqfmt: '', bafmt: '' }],
  flds: fields.map(field),
  css: CSS,
  latexPre: '\\documentclass[12pt]{article}\n\\begin{document}\n',
  latexPost: '\\end{document}',
  latexsvg: false,
  req: [[0, 'any', [0]]],
  tags: [],
  vers: [],
});

const MODELS = {
  [BASIC_ID]: model(BASIC_ID, 'Basic', 0, ['Front', 'Back'], {
    name: 'Card 1',
    qfmt: '{{Front}}',
    afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}',
  }),
  [CLOZE_ID]: model(CLOZE_ID, 'Cloze', 1, ['Text', 'Back Extra'], {
    name: 'Cloze',
    qfmt: '{{cloze:Text}}',
    afmt: '{{cloze:Text}}<br>\n{{Back Extra}}',
  }),
};

const DCONF = {
  1: {
    id: 1,
    name: 'Default',
    mod: 0,
    usn: -1,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
    rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
  },
};

const deckJson = (id: number, name: string) => ({
  id,
  name,
  mod: 0,
  usn: -1,
  lrnToday: [0, 0],
  revToday: [0, 0],
  newToday: [0, 0],
  timeToday: [0, 0],
  collapsed: false,
  browserCollapsed: false,
  desc: '',
  dyn: 0,
  conf: 1,
  extendNew: 0,
  extendRev: 0,
});

/** Anki's checksum of a note's first field: the first 8 hex digits of its SHA-1, as a number. */
const csum = (text: string) =>
  Number.parseInt(createHash('sha1').update(stripHtml(text)).digest('hex').slice(0, 8), 16);

/** Unique ids in Anki's style (milliseconds), rising from `start`. */
function idMaker(start: number) {
  let last = start - 1;
  return (wanted = last + 1) => {
    last = Math.max(wanted, last + 1);
    return last;
  };
}

/**
 * An .apkg that Anki 2.1 opens: `collection.anki2` (schema 11), a JSON `media` list and the
 * media files named 0, 1, 2… Basic cards become "Basic" notes, cloze cards of one text one
 * "Cloze" note; decks nest by name; suspended cards keep queue -1; the review log goes along.
 */
export async function writeApkg(
  cards: ExportCard[],
  reviews: ExportReview[],
  media: Map<string, Uint8Array>,
  now = new Date(),
): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    db.exec(ANKI_SCHEMA_11 + ANKI_GRAVES_11);
    const crt = Math.floor(new Date(now).setUTCHours(0, 0, 0, 0) / 1000) - 365 * 86400;
    const deckNames = new Set(['Default']);
    // Anki makes the parents of "A::B" itself, but a package that names them is clearer.
    for (const c of cards) {
      const parts = c.deck.split('::');
      for (let i = 1; i <= parts.length; i++) deckNames.add(parts.slice(0, i).join('::'));
    }
    const nextDeckId = idMaker(now.getTime());
    const deckIds = new Map([...deckNames].map((n) => [n, n === 'Default' ? 1 : nextDeckId()]));
    const decks = Object.fromEntries([...deckIds].map(([name, id]) => [id, deckJson(id, name)]));
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      crt,
      now.getTime(),
      now.getTime(),
      JSON.stringify({ nextPos: cards.length + 1, schedVer: 2, sortType: 'noteFld', activeDecks: [1], curDeck: 1 }),
      JSON.stringify(MODELS),
      JSON.stringify(decks),
      JSON.stringify(DCONF),
      '{}',
    ]);

    const nextNoteId = idMaker(now.getTime() - 10_000_000);
    const nextCardId = idMaker(now.getTime() - 5_000_000);
    const ankiCardId = new Map<string, number>();
    const noteIdOf = new Map<string, number>();
    const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
    const insertCard = db.prepare(
      'INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, 2500, ?, ?, 0, 0, 0, 0, ?)',
    );
    const mod = Math.floor(now.getTime() / 1000);
    cards.forEach((c, position) => {
      const cloze = c.kind === 'cloze';
      // The cloze cards of one text are one note; every basic card is a note of its own.
      const key = cloze ? `cloze:${c.noteId}` : `card:${c.id}`;
      let nid = noteIdOf.get(key);
      if (nid === undefined) {
        nid = nextNoteId(c.createdAt.getTime());
        noteIdOf.set(key, nid);
        insertNote.run([
          nid,
          // Stable across exports, so Anki updates a note it has from an earlier export.
          (cloze ? c.noteId : c.id).replace(/-/g, ''),
          cloze ? CLOZE_ID : BASIC_ID,
          mod,
          c.tags.length ? ` ${c.tags.join(' ')} ` : '',
          `${c.question}\x1f${c.answer}`,
          stripHtml(c.question),
          csum(c.question),
          '',
        ]);
      }
      const cid = nextCardId(c.createdAt.getTime());
      ankiCardId.set(c.id, cid);
      const { type, queue, due, ivl } = ankiSchedule(c, position, crt, now);
      insertCard.run([
        cid,
        nid,
        deckIds.get(c.deck) as number,
        cloze ? (c.clozeOrdinal ?? 1) - 1 : 0,
        mod,
        type,
        c.suspended ? -1 : queue,
        due,
        ivl,
        c.reps,
        c.lapses,
        '',
      ]);
    });
    insertNote.free();
    insertCard.free();

    const nextRevId = idMaker(0);
    const lastIvl = new Map<string, number>();
    const insertRev = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, 2500, ?, ?)');
    for (const r of reviews) {
      const cid = ankiCardId.get(r.cardId);
      if (cid === undefined) continue;
      const ivl = r.scheduledDays > 0 ? r.scheduledDays : -60 * 10;
      // revlog.type from the state the card was in: new/learning → 0 learn, review → 1, relearning → 2
      const type = r.state === CardState.review ? 1 : r.state === CardState.relearning ? 2 : 0;
      insertRev.run([nextRevId(r.at.getTime()), cid, r.rating, ivl, lastIvl.get(r.cardId) ?? 0, r.durationMs, type]);
      lastIvl.set(r.cardId, ivl);
    }
    insertRev.free();

    const files: Record<string, Uint8Array> = { 'collection.anki2': db.export() };
    const list: Record<string, string> = {};
    [...media].forEach(([name, bytes], i) => {
      list[String(i)] = name;
      files[String(i)] = bytes;
    });
    files.media = new TextEncoder().encode(JSON.stringify(list));
    return zipSync(files, { level: 6 });
  } finally {
    db.close();
  }
}

/** Anki's card type, queue, due and interval for a LearnBoost schedule. */
function ankiSchedule(c: ExportCard, position: number, crt: number, now: Date) {
  if (c.state === CardState.new) return { type: 0, queue: 0, due: position + 1, ivl: 0 };
  if (c.state === CardState.review) {
    const dueDay = Math.max(0, Math.round((c.due.getTime() / 1000 - crt) / 86400));
    return { type: 2, queue: 2, due: dueDay, ivl: Math.max(1, c.scheduledDays) };
  }
  // Learning and relearning cards are due at a moment: Anki keeps it in epoch seconds.
  const dueSecs = Math.floor(Math.max(c.due.getTime(), now.getTime() - DAY) / 1000);
  return {
    type: c.state === CardState.learning ? 1 : 3,
    queue: 1,
    due: dueSecs,
    ivl: c.state === CardState.relearning ? Math.max(1, c.scheduledDays) : 0,
  };
}
