import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import { notAnkiPackage } from './package-error';
import { protoHas, protoMessages, protoNumber, protoString, readMessage } from './protobuf';

let sqlJs: ReturnType<typeof initSqlJs> | undefined;
export const loadSqlJs = () => {
  sqlJs ??= initSqlJs();
  return sqlJs;
};

export type NoteType = {
  id: string;
  name: string;
  cloze: boolean;
  fields: string[];
  templates: { ord: number; name: string; front: string; back: string }[];
};

export type AnkiNote = { id: string; guid: string; noteTypeId: string; tags: string[]; fields: string[] };
export type AnkiCard = { id: string; noteId: string; deckId: string; ord: number; suspended: boolean };
export type AnkiReview = { cardId: string; at: number; ease: number; type: number; ivl: number; ms: number };

/** Schema 11 is what Anki 2.0 and 2.1 write; older collections (Anki 1.x) are refused. */
export const OLDEST_SCHEMA = 11;

export async function openCollection(bytes: Uint8Array): Promise<Database> {
  const SQL = await loadSqlJs();
  let db: Database | undefined;
  try {
    db = new SQL.Database(bytes);
    db.exec('select 1 from sqlite_master limit 1');
    useBuiltInCollation(db);
    return db;
  } catch {
    db?.close();
    throw notAnkiPackage('The collection inside this package is not a readable Anki database.');
  }
}

/**
 * Anki's schema 15+ tables sort names with its own collation, "unicase", which only Anki
 * registers: any statement that touches their indexes fails without it. Reading needs no
 * Unicode-aware order, so the copy in memory is switched to SQLite's NOCASE.
 */
function useBuiltInCollation(db: Database) {
  db.exec(`PRAGMA writable_schema = ON;
    UPDATE sqlite_master SET sql = replace(sql, 'COLLATE unicase', 'COLLATE NOCASE') WHERE sql LIKE '%COLLATE unicase%';
    PRAGMA writable_schema = RESET;`);
}

function rows(db: Database, sql: string): SqlValue[][] {
  try {
    return db.exec(sql)[0]?.values ?? [];
  } catch {
    throw notAnkiPackage('The collection inside this package is not a readable Anki database.');
  }
}

/** Ids are 64-bit: read as text so that none loses precision on the way through JS. */
const id = (v: SqlValue | undefined) => String(v);

export function schemaVersion(db: Database): number {
  const ver = Number(rows(db, 'select ver from col limit 1')[0]?.[0] ?? 0);
  if (!ver || ver < OLDEST_SCHEMA) {
    throw notAnkiPackage(
      `This collection uses Anki schema ${ver || 'unknown'}, which is too old to import: open it in a current Anki and export it again.`,
    );
  }
  return ver;
}

const hasTable = (db: Database, name: string) =>
  rows(db, `select 1 from sqlite_master where type = 'table' and name = '${name}'`).length > 0;

export function readNoteTypes(db: Database): NoteType[] {
  if (hasTable(db, 'notetypes') && rows(db, 'select count(*) from notetypes')[0]?.[0]) return noteTypesFromTables(db);
  const json = String(rows(db, 'select models from col limit 1')[0]?.[0] ?? '{}');
  type Model = {
    id: number | string;
    name: string;
    type?: number;
    flds: { name: string; ord: number }[];
    tmpls: { name: string; ord: number; qfmt: string; afmt: string }[];
  };
  const models = Object.values(JSON.parse(json) as Record<string, Model>);
  return models.map((m) => ({
    id: String(m.id),
    name: m.name,
    cloze: m.type === 1,
    fields: [...m.flds].sort((a, b) => a.ord - b.ord).map((f) => f.name),
    templates: m.tmpls.map((t) => ({ ord: t.ord, name: t.name, front: t.qfmt, back: t.afmt })),
  }));
}

/** Schema 15+: note types live in their own tables, their settings in protobuf blobs. */
function noteTypesFromTables(db: Database): NoteType[] {
  const fields = new Map<string, string[]>();
  for (const [ntid, , name] of rows(db, 'select ntid, ord, name from fields order by ntid, ord')) {
    const list = fields.get(id(ntid)) ?? [];
    list.push(String(name));
    fields.set(id(ntid), list);
  }
  const templates = new Map<string, NoteType['templates']>();
  for (const [ntid, ord, name, config] of rows(
    db,
    'select ntid, ord, name, config from templates order by ntid, ord',
  )) {
    const c = readMessage(config as Uint8Array);
    const list = templates.get(id(ntid)) ?? [];
    list.push({ ord: Number(ord), name: String(name), front: protoString(c, 1), back: protoString(c, 2) });
    templates.set(id(ntid), list);
  }
  return rows(db, 'select cast(id as text), name, config from notetypes').map(([ntid, name, config]) => ({
    id: String(ntid),
    name: String(name),
    // Notetype.Config.kind: 1 = cloze
    cloze: protoNumber(readMessage(config as Uint8Array), 1) === 1,
    fields: fields.get(String(ntid)) ?? [],
    templates: templates.get(String(ntid)) ?? [],
  }));
}

export type AnkiDeck = { id: string; name: string; filtered: boolean };

export function readDecks(db: Database): AnkiDeck[] {
  if (hasTable(db, 'decks') && rows(db, 'select count(*) from decks')[0]?.[0]) {
    return rows(db, 'select cast(id as text), name, kind from decks').map(([did, name, kind]) => ({
      id: String(did),
      // Schema 18 separates levels with \x1f; LearnBoost, like Anki's screens, with "::".
      name: String(name).split('\x1f').join('::'),
      // Deck.kind is a oneof: 1 = normal, 2 = filtered
      filtered: protoHas(readMessage(kind as Uint8Array), 2),
    }));
  }
  const json = String(rows(db, 'select decks from col limit 1')[0]?.[0] ?? '{}');
  return Object.values(JSON.parse(json) as Record<string, { id: number; name: string; dyn?: number }>).map((d) => ({
    id: String(d.id),
    name: d.name,
    filtered: d.dyn === 1,
  }));
}

export function readNotes(db: Database): AnkiNote[] {
  return rows(db, 'select cast(id as text), guid, cast(mid as text), tags, flds from notes order by id').map(
    ([nid, guid, mid, tags, flds]) => ({
      id: String(nid),
      guid: String(guid),
      noteTypeId: String(mid),
      tags: String(tags).split(/\s+/).filter(Boolean),
      fields: String(flds).split('\x1f'),
    }),
  );
}

export function readCards(db: Database): AnkiCard[] {
  // A card in a filtered deck belongs to its home deck (odid); the filtered deck is temporary.
  return rows(
    db,
    `select cast(id as text), cast(nid as text), cast(case when odid != 0 then odid else did end as text), ord, queue
     from cards order by nid, ord`,
  ).map(([cid, nid, did, ord, queue]) => ({
    id: String(cid),
    noteId: String(nid),
    deckId: String(did),
    ord: Number(ord),
    suspended: Number(queue) === -1,
  }));
}

/** Calls `each` for every review row, per card in time order, without holding them all as objects. */
export function eachReview(db: Database, each: (r: AnkiReview) => void) {
  const stmt = db.prepare('select cast(cid as text), id, ease, type, ivl, time from revlog order by cid, id');
  try {
    while (stmt.step()) {
      const [cid, at, ease, type, ivl, ms] = stmt.get();
      each({
        cardId: String(cid),
        at: Number(at),
        ease: Number(ease),
        type: Number(type),
        ivl: Number(ivl),
        ms: Number(ms),
      });
    }
  } finally {
    stmt.free();
  }
}

/** The media list: legacy JSON `{"0": "name.jpg"}`, or (newest format) protobuf MediaEntries. */
export function parseMediaMap(bytes: Uint8Array, legacy: boolean): Map<string, string> {
  const byZipName = new Map<string, string>();
  if (legacy) {
    const text = new TextDecoder().decode(bytes).trim() || '{}';
    for (const [zipName, name] of Object.entries(JSON.parse(text) as Record<string, string>))
      byZipName.set(zipName, name);
    return byZipName;
  }
  protoMessages(readMessage(bytes), 1).forEach((entry, index) => {
    const zipName = protoHas(entry, 255) ? String(protoNumber(entry, 255)) : String(index);
    byZipName.set(zipName, protoString(entry, 1));
  });
  return byZipName;
}
