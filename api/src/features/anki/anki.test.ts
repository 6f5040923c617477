import { existsSync, rmSync } from 'node:fs';
import { ankiImportChunks, ankiImports, decks, flashcardReviews, flashcards, media } from '@learnboost/db';
import { readAnkiPackage as independentReader } from 'anki-reader';
import { eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, type Grade, generatorParameters } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { buildApkg, type FixtureNote, PNG_1PX } from '../../../test/fixtures/anki/build-apkg';
import { signUp, startApp, type TestApp, useTestApp } from '../../../test/helper';

const t = useTestApp();
const DAY = 86_400_000;
const t0 = new Date('2024-03-01T09:00:00Z');

async function upload(app: TestApp, token: string, bytes: Uint8Array, name = 'deck.apkg') {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  const res = await fetch(`${app.url}/api/flashcards/import/anki`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const commit = (token: string, importId: string) =>
  t.request('POST', `/api/flashcards/import/anki/${importId}/commit`, { token });

const history = [
  { at: t0, ease: 3, type: 0 },
  { at: new Date(t0.getTime() + DAY), ease: 3, type: 1 },
  { at: new Date(t0.getTime() + 4 * DAY), ease: 1, type: 1 },
  { at: new Date(t0.getTime() + 4 * DAY + 600_000), ease: 4, type: 2 },
];

const collectionNotes: FixtureNote[] = [
  { type: 'Basic', fields: ['What is ATP?', 'The energy <b>currency</b>'], deck: 'Biology::Cells', tags: ['bio'] },
  { type: 'Basic (and reversed card)', fields: ['chat', 'cat'], deck: 'French' },
  {
    type: 'Cloze',
    fields: ['The {{c1::mitochondria}} is the {{c2::powerhouse::role}} <img src="cell.png">', 'Extra'],
    deck: 'Biology::Cells',
    cards: { 1: { suspended: true } },
  },
  { type: 'Basic', fields: ['Reviewed', 'often'], deck: 'Biology', cards: { 0: { reviews: history } } },
  { type: 'Basic (type in the answer)', fields: ['typed', 'answer'] },
];

const rowsOf = (userId: string) => t.db.db.select().from(flashcards).where(eq(flashcards.userId, userId));
/** The collection above, as an Anki 2.1.50+ package with its image, uploaded for a preview. */
const uploadCollection = async (token: string) =>
  upload(t, token, await buildApkg({ format: 'anki21b', notes: collectionNotes, media: { 'cell.png': PNG_1PX } }));

describe('importing an Anki package', () => {
  it('previews the package, then writes decks, cards, images and history on commit', async () => {
    const learner = await signUp(t);
    const preview = await uploadCollection(learner.token);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      decks: [
        { name: 'Biology', cards: 1 },
        { name: 'Biology::Cells', cards: 3 },
        { name: 'French', cards: 2 },
      ],
      notes: 4,
      newNotes: 4,
      updatedNotes: 0,
      unchangedNotes: 0,
      cards: 6,
      reviews: 4,
      media: 1,
      skipped: [{ reason: expect.stringContaining('Basic (type in the answer)'), count: 1 }],
    });
    expect(preview.body.sample).toHaveLength(5);
    expect(await rowsOf(learner.id)).toHaveLength(0);

    const done = await commit(learner.token, preview.body.importId);
    expect(done.status).toBe(201);
    expect(done.body).toEqual({ cards: 6, updated: 0, unchanged: 0, reviews: 4, media: 1 });

    const cards = await rowsOf(learner.id);
    const deckRows = await t.db.db.select().from(decks).where(eq(decks.userId, learner.id));
    const deckName = new Map(deckRows.map((d) => [d.id, d.name]));
    expect(deckRows.map((d) => d.name).sort()).toEqual(['Biology', 'Biology::Cells', 'French', 'My Flashcards']);
    const cloze = cards.filter((c) => c.kind === 'cloze').sort((a, b) => (a.clozeOrdinal ?? 0) - (b.clozeOrdinal ?? 0));
    expect(cloze.map((c) => [c.clozeOrdinal, c.suspended, deckName.get(c.deckId)])).toEqual([
      [1, false, 'Biology::Cells'],
      [2, true, 'Biology::Cells'],
    ]);
    expect(cloze[0]?.noteId).toBe(cloze[1]?.noteId);
    expect(cloze[0]).toMatchObject({ format: 'html', answer: 'Extra' });
    expect(cards.find((c) => c.question === 'What is ATP?')).toMatchObject({
      tags: ['bio'],
      answer: 'The energy <b>currency</b>',
    });
    const reversed = cards.filter((c) => deckName.get(c.deckId) === 'French');
    expect(reversed.map((c) => c.question).sort()).toEqual(['cat', 'chat']);
    expect(new Set(reversed.map((c) => c.noteId)).size).toBe(1);

    // The image is the learner's, and only theirs.
    const image = await fetch(`${t.url}/api/media/cell.png`, { headers: { authorization: `Bearer ${learner.token}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG_1PX);
    const other = await signUp(t);
    expect((await t.request('GET', '/api/media/cell.png', { token: other.token })).status).toBe(404);

    // Committed: the import is gone.
    expect((await commit(learner.token, preview.body.importId)).status).toBe(404);
  });

  it('makes the decks above a nested deck, as Anki keeps them, and reuses a deck of the same name', async () => {
    const learner = await signUp(t);
    await t.request('POST', '/api/decks', { token: learner.token, body: { name: 'Art' } });
    const notes: FixtureNote[] = [{ type: 'Basic', fields: ['Who painted it?', 'Monet'], deck: 'Art::Painting::Oil' }];
    const preview = await upload(t, learner.token, await buildApkg({ format: 'anki21', notes }));
    expect((await commit(learner.token, preview.body.importId)).status).toBe(201);
    const names = (await t.request('GET', '/api/decks', { token: learner.token })).body.map(
      (d: { name: string }) => d.name,
    );
    expect(names).toEqual(['Art', 'Art::Painting', 'Art::Painting::Oil', 'My Flashcards']);
  });

  it('rebuilds each schedule from its history: the next due date is what ts-fsrs gives for it', async () => {
    const learner = await signUp(t);
    const preview = await upload(t, learner.token, await buildApkg({ format: 'anki2', notes: collectionNotes }));
    await commit(learner.token, preview.body.importId);
    const card = (await rowsOf(learner.id)).find((c) => c.question === 'Reviewed');

    const scheduler = fsrs(generatorParameters());
    let expected = createEmptyCard(history[0]?.at);
    for (const r of history) expected = scheduler.next(expected, r.at, r.ease as Grade).card;
    expect(card?.due.toISOString()).toBe(expected.due.toISOString());
    expect(card).toMatchObject({ reps: 4, lapses: 1, state: expected.state, stability: expected.stability });

    const reviews = await t.db.db
      .select()
      .from(flashcardReviews)
      .where(eq(flashcardReviews.cardId, card?.id as string));
    expect(reviews.map((r) => r.rating)).toEqual([3, 3, 1, 4]);
    // Cards with no history are new, due now.
    expect((await rowsOf(learner.id)).find((c) => c.question === 'chat')).toMatchObject({ state: 0, reps: 0 });
  });

  it('answers 410 when the staged package is gone (swept, or staged on another machine without PostgreSQL), and the import can start again', async () => {
    const learner = await signUp(t);
    const preview = await upload(t, learner.token, await buildApkg({ format: 'anki21', notes: collectionNotes }));
    const [staged] = await t.db.db.select().from(ankiImports).where(eq(ankiImports.id, preview.body.importId));
    // Two later uploads push it out of this process's memory, as on another machine: only the
    // staged file could give the package now, and it is gone.
    for (let i = 0; i < 2; i++)
      await upload(t, learner.token, await buildApkg({ format: 'anki21', notes: collectionNotes }));
    rmSync(staged?.path as string);
    // On PostgreSQL the package waits in the database too (any process reads it): gone from there as well.
    await t.db.db.delete(ankiImportChunks).where(eq(ankiImportChunks.importId, preview.body.importId));
    expect(await commit(learner.token, preview.body.importId)).toMatchObject({
      status: 410,
      body: { error: 'This import is no longer available; upload the package again', code: 'import_gone' },
    });
    expect(await rowsOf(learner.id)).toHaveLength(0);
    const again = await upload(t, learner.token, await buildApkg({ format: 'anki21', notes: collectionNotes }));
    expect((await commit(learner.token, again.body.importId)).status).toBe(201);
  });

  it("answers 404 for another learner's import, and 410 for one an hour old", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const preview = await upload(t, owner.token, await buildApkg({ format: 'anki21', notes: collectionNotes }));
    expect((await commit(other.token, preview.body.importId)).status).toBe(404);
    const progress = `/api/flashcards/import/anki/${preview.body.importId}/progress`;
    expect((await t.request('GET', progress, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', progress, { token: owner.token })).body).toEqual({
      status: 'ready',
      done: 0,
      total: 0,
    });

    const [staged] = await t.db.db.select().from(ankiImports).where(eq(ankiImports.id, preview.body.importId));
    expect(existsSync(staged?.path as string)).toBe(true);
    await t.db.db
      .update(ankiImports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ankiImports.id, preview.body.importId));
    expect(await commit(owner.token, preview.body.importId)).toMatchObject({
      status: 410,
      body: { error: 'This import is no longer available; upload the package again', code: 'import_gone' },
    });
    // The next upload sweeps it away, file and all.
    await upload(t, owner.token, await buildApkg({ format: 'anki21', notes: collectionNotes }));
    expect(existsSync(staged?.path as string)).toBe(false);
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });

  it('writes nothing when the commit fails midway', async () => {
    const learner = await signUp(t);
    const notes: FixtureNote[] = Array.from({ length: 2500 }, (_, i) => ({
      type: 'Basic',
      fields: [`q${i}`, `a${i}`],
      deck: 'Big',
      // PostgreSQL refuses a NUL in text: card 2,400 fails, after the first 2,000 were written.
      tags: i === 2400 ? ['bad\u0000tag'] : [],
    }));
    const preview = await upload(t, learner.token, await buildApkg({ format: 'anki2', notes, media: {} }));
    expect(preview.body.cards).toBe(2500);
    const failed = await commit(learner.token, preview.body.importId);
    expect(failed.status).toBe(500);
    expect(await rowsOf(learner.id)).toHaveLength(0);
    // The import is still there to try again (read back from its staged file this time).
    expect((await commit(learner.token, preview.body.importId)).status).toBe(500);
    expect(await rowsOf(learner.id)).toHaveLength(0);
    const deckRows = await t.db.db.select().from(decks).where(eq(decks.userId, learner.id));
    expect(deckRows.map((d) => d.name)).not.toContain('Big');
  });

  it('answers 422 with a sentence for what is not an Anki package, and stages nothing', async () => {
    const learner = await signUp(t);
    const answer = await upload(t, learner.token, new TextEncoder().encode('question,answer\nq,a\n'), 'cards.csv');
    expect(answer).toEqual({
      status: 422,
      body: { error: 'This file is not a zip archive, so it is not an Anki package (.apkg or .colpkg).' },
    });
    expect(await t.db.db.select().from(ankiImports).where(eq(ankiImports.userId, learner.id))).toHaveLength(0);
  });

  it('answers 413 for a file over 200 MB', async () => {
    const learner = await signUp(t);
    const answer = await upload(t, learner.token, new Uint8Array(200 * 1024 * 1024 + 1));
    expect(answer).toEqual({ status: 413, body: { error: 'An Anki package is at most 200 MB' } });
  });
});

describe('imports at once', () => {
  it('runs a few per process and tells the rest when to come back (429 with Retry-After)', async () => {
    const app = await startApp({ IMPORT_CONCURRENCY: '1' });
    try {
      const learner = await signUp(app);
      const notes: FixtureNote[] = Array.from({ length: 2000 }, (_, i) => ({
        type: 'Basic',
        fields: [`Q${i}`, `A${i}`],
      }));
      const apkg = await buildApkg({ format: 'anki21', notes });
      const answers = await Promise.all([1, 2, 3].map(() => upload(app, learner.token, apkg)));
      const busy = answers.filter((a) => a.status === 429);
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      expect(busy[0]?.body.error).toBe(
        'Too many Anki imports are running on this server right now; try again in a few seconds',
      );
      // Once the others are done, the next one goes through.
      expect((await upload(app, learner.token, apkg)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('importing the same notes again', () => {
  it("updates the notes it already has instead of doubling them, keeping each card's history and schedule", async () => {
    const learner = await signUp(t);
    const notes: FixtureNote[] = [
      { type: 'Basic', guid: 'atp-note', fields: ['What is ATP?', 'Energy'], cards: { 0: { reviews: history } } },
      { type: 'Basic (and reversed card)', guid: 'chat-note', fields: ['chat', 'cat'] },
      { type: 'Cloze', guid: 'cell-note', fields: ['The {{c1::mitochondria}} makes ATP', ''] },
    ];
    const apkg = await buildApkg({ format: 'anki21', notes });
    const first = await upload(t, learner.token, apkg);
    await commit(learner.token, first.body.importId);
    const before = await rowsOf(learner.id);
    expect(before).toHaveLength(4);
    const reviewsBefore = await t.db.db.select().from(flashcardReviews).where(eq(flashcardReviews.userId, learner.id));
    expect(reviewsBefore).toHaveLength(4);

    // The very same package: nothing new, nothing doubled.
    const again = await upload(t, learner.token, apkg);
    expect(again.body).toMatchObject({ notes: 3, newNotes: 0, updatedNotes: 0, unchangedNotes: 3 });
    expect((await commit(learner.token, again.body.importId)).body).toEqual({
      cards: 0,
      updated: 0,
      unchanged: 4,
      reviews: 0,
      media: 0,
    });
    expect(await rowsOf(learner.id)).toHaveLength(4);

    // The learner studied a card meanwhile; the deck's author fixed a note and added a cloze number.
    const atp = before.find((c) => c.question === 'What is ATP?');
    await t.request('PUT', `/api/flashcards/${atp?.id}/review`, { token: learner.token, body: { rating: 3 } });
    const studied = (await rowsOf(learner.id)).find((c) => c.id === atp?.id);
    const edited = await buildApkg({
      format: 'anki21',
      notes: [
        { type: 'Basic', guid: 'atp-note', fields: ['What is ATP?', 'The energy currency of the cell'] },
        { type: 'Basic (and reversed card)', guid: 'chat-note', fields: ['chat', 'cat'] },
        { type: 'Cloze', guid: 'cell-note', fields: ['The {{c1::mitochondria}} makes {{c2::ATP}}', ''] },
        { type: 'Basic', guid: 'new-note', fields: ['New?', 'Yes'] },
      ],
    });
    const third = await upload(t, learner.token, edited);
    expect(third.body).toMatchObject({ notes: 4, newNotes: 1, updatedNotes: 2, unchangedNotes: 1 });
    expect((await commit(learner.token, third.body.importId)).body).toMatchObject({ cards: 2, updated: 2 });
    const after = await rowsOf(learner.id);
    expect(after).toHaveLength(6);
    const updated = after.find((c) => c.id === atp?.id);
    // Same card, new text, its schedule as the learner left it.
    expect(updated).toMatchObject({
      answer: 'The energy currency of the cell',
      reps: studied?.reps,
      due: studied?.due,
    });
    const cloze = after.filter((c) => c.kind === 'cloze');
    expect(cloze.map((c) => c.clozeOrdinal).sort()).toEqual([1, 2]);
    expect(new Set(cloze.map((c) => c.noteId)).size).toBe(1);
    const reviewsAfter = await t.db.db.select().from(flashcardReviews).where(eq(flashcardReviews.userId, learner.id));
    expect(reviewsAfter).toHaveLength(5);
  });
});

describe('images of the same name', () => {
  it('keeps the learner’s own image and stores a different one under a new name the cards point at', async () => {
    const learner = await signUp(t);
    // A one-card package whose question is the image `cell.png`, with these bytes.
    const uploadCell = async (answer: string, png: Uint8Array) =>
      upload(
        t,
        learner.token,
        await buildApkg({
          format: 'anki2',
          notes: [{ type: 'Basic', fields: ['<img src="cell.png">', answer] }],
          media: { 'cell.png': png },
        }),
      );
    const first = await uploadCell('one', PNG_1PX);
    await commit(learner.token, first.body.importId);
    const other = Uint8Array.from([...PNG_1PX, 0]);
    const second = await uploadCell('two', other);
    expect((await commit(learner.token, second.body.importId)).body).toMatchObject({ media: 1 });
    const cards = await rowsOf(learner.id);
    expect(cards.find((c) => c.answer === 'one')?.question).toBe('<img src="cell.png" />');
    expect(cards.find((c) => c.answer === 'two')?.question).toBe('<img src="cell-2.png" />');
    const image = await fetch(`${t.url}/api/media/cell-2.png`, {
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(other);
    // The same image again is not stored twice.
    const third = await uploadCell('three', PNG_1PX);
    expect((await commit(learner.token, third.body.importId)).body).toMatchObject({ media: 0 });
    expect(await t.db.db.select().from(media).where(eq(media.userId, learner.id))).toHaveLength(2);
  });
});

describe('a large scan', () => {
  it('is served, exported and recognised again byte for byte (stored in pieces)', async () => {
    const learner = await signUp(t);
    // 700 kB, several of the pieces an image is written in, with no run that repeats.
    const scan = Uint8Array.from({ length: 700_000 }, (_, i) => (i * 7919 + (i >> 8)) & 0xff);
    const uploadScan = async (answer: string, bytes: Uint8Array) =>
      upload(
        t,
        learner.token,
        await buildApkg({
          format: 'anki21b',
          notes: [{ type: 'Basic', fields: ['<img src="scan.png">', answer] }],
          media: { 'scan.png': bytes },
        }),
      );
    const served = async (name: string) =>
      new Uint8Array(
        await (
          await fetch(`${t.url}/api/media/${name}`, { headers: { authorization: `Bearer ${learner.token}` } })
        ).arrayBuffer(),
      );
    const first = await uploadScan('one', scan);
    expect((await commit(learner.token, first.body.importId)).body).toMatchObject({ media: 1 });
    expect(Buffer.from(await served('scan.png')).equals(Buffer.from(scan))).toBe(true);

    // The same bytes again: already there. Other bytes of the same size: stored under a new name.
    const again = await uploadScan('two', scan);
    expect((await commit(learner.token, again.body.importId)).body).toMatchObject({ media: 0 });
    const edited = Uint8Array.from(scan);
    edited[edited.length - 1] = (scan.at(-1) as number) ^ 1;
    const third = await uploadScan('three', edited);
    expect((await commit(learner.token, third.body.importId)).body).toMatchObject({ media: 1 });
    expect(Buffer.from(await served('scan-2.png')).equals(Buffer.from(edited))).toBe(true);

    const res = await fetch(`${t.url}/api/flashcards/export.apkg`, {
      headers: { authorization: `Bearer ${learner.token}` },
    });
    const { media: files } = await independentReader(new Blob([Buffer.from(await res.arrayBuffer())]));
    expect(Object.keys(files).sort()).toEqual(['scan-2.png', 'scan.png']);
    const exported = Buffer.from(await (files['scan.png'] as Blob).arrayBuffer());
    expect(exported.equals(Buffer.from(scan))).toBe(true);
  });
});

describe('exporting to Anki', () => {
  it('exports an .apkg that an independent reader opens, and that imports back the same', async () => {
    const learner = await signUp(t);
    const preview = await uploadCollection(learner.token);
    await commit(learner.token, preview.body.importId);
    await t.request('POST', '/api/flashcards', {
      token: learner.token,
      body: { question: 'Plain <text>', answer: 'a & b' },
    });

    const res = await fetch(`${t.url}/api/flashcards/export.apkg`, {
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(res.status).toBe(200);
    const apkg = new Uint8Array(await res.arrayBuffer());

    const { collection, media: files } = await independentReader(new Blob([Buffer.from(apkg)]));
    const deckNames = Object.values(collection.getDecks()).map((d: any) => d.getRawDeck().name);
    expect(deckNames).toEqual(expect.arrayContaining(['Biology', 'Biology::Cells', 'French', 'My Flashcards']));
    const cardCount = Object.values(collection.getDecks()).reduce(
      (n: number, d: any) => n + Object.keys(d.getCards()).length,
      0,
    );
    expect(cardCount).toBe(7);
    expect(Object.keys(files)).toEqual(['cell.png']);

    const other = await signUp(t);
    const again = await upload(t, other.token, apkg);
    expect(again.body).toMatchObject({ cards: 7, reviews: 4, media: 1, skipped: [] });
    expect((await commit(other.token, again.body.importId)).body).toEqual({
      cards: 7,
      updated: 0,
      unchanged: 0,
      reviews: 4,
      media: 1,
    });
    const compared = async (userId: string) =>
      (await rowsOf(userId)).map((c) => [c.kind, c.question, c.answer, c.suspended, c.reps, c.due.toISOString()]);
    const before = await compared(learner.id);
    const after = await compared(other.id);
    const plain = (rows: unknown[][]) =>
      rows.map((r) =>
        r[1] === 'Plain <text>' ? ['basic', 'Plain &lt;text&gt;', 'a &amp; b', false, 0] : r.slice(0, 5),
      );
    expect(plain(after).sort()).toEqual(plain(before).sort());
    const otherDecks = await t.db.db.select().from(decks).where(eq(decks.userId, other.id));
    expect(otherDecks.map((d) => d.name).sort()).toEqual(['Biology', 'Biology::Cells', 'French', 'My Flashcards']);
    expect(await t.db.db.select().from(media).where(eq(media.userId, other.id))).toHaveLength(1);
  });

  it("answers 404 for another learner's deck", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const deck = await t.request('POST', '/api/decks', { token: owner.token, body: { name: 'Mine' } });
    expect(
      (await t.request('GET', `/api/flashcards/export.apkg?deckId=${deck.body.id}`, { token: other.token })).status,
    ).toBe(404);
  });
});
