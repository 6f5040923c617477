import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const t = useTestApp();

const deckOf = async (token: string) =>
  (await t.request('GET', '/api/flashcards', { token })).body.cards.map((c: { question: string; answer: string }) => [
    c.question,
    c.answer,
  ]);

describe('importing cards', () => {
  it('reads CSV with a BOM, a header, quoted commas, quotes and newlines', async () => {
    const { token } = await signUp(t);
    const content =
      '\uFEFFquestion,answer\r\n"Capital of Italy, in Italian?",Roma\r\n"Say ""hi""","Line one\nLine two"\r\n\r\n';
    const preview = await t.request('POST', '/api/flashcards/import/preview', { token, body: { content } });
    expect(preview.body).toEqual({
      format: 'csv',
      rows: [
        { question: 'Capital of Italy, in Italian?', answer: 'Roma', duplicate: false },
        { question: 'Say "hi"', answer: 'Line one\nLine two', duplicate: false },
      ],
      count: 2,
      duplicateCount: 0,
    });
    const res = await t.request('POST', '/api/flashcards/import', { token, body: { content } });
    expect(res).toMatchObject({ status: 201, body: { added: 2, skipped: 0 } });
    expect(await deckOf(token)).toEqual(
      expect.arrayContaining([
        ['Capital of Italy, in Italian?', 'Roma'],
        ['Say "hi"', 'Line one\nLine two'],
      ]),
    );
  });

  it('reads Anki’s plain-text export (tab-separated, with its directives and extra columns)', async () => {
    const { token } = await signUp(t);
    const content =
      '#separator:tab\n#html:true\nmitochondria\tthe cell’s <b>powerhouse</b>\tbiology\nDNA\t"deoxyribonucleic acid\n';
    const res = await t.request('POST', '/api/flashcards/import/preview', { token, body: { content } });
    expect(res.body.format).toBe('tsv');
    expect(res.body.rows.map((r: { question: string; answer: string }) => [r.question, r.answer])).toEqual([
      ['mitochondria', 'the cell’s <b>powerhouse</b>'],
      ['DNA', '"deoxyribonucleic acid'],
    ]);
  });

  it('flags duplicates of the deck and within the file, and skips them unless asked', async () => {
    const { token } = await signUp(t);
    await t.request('POST', '/api/flashcards', { token, body: { question: 'What is H2O?', answer: 'Water' } });
    const content = 'what is h2o?,water\nNew one,yes\nNew one,again';
    const preview = await t.request('POST', '/api/flashcards/import/preview', { token, body: { content } });
    expect(preview.body.rows.map((r: { duplicate: boolean }) => r.duplicate)).toEqual([true, false, true]);
    expect(preview.body.duplicateCount).toBe(2);
    expect((await t.request('POST', '/api/flashcards/import', { token, body: { content } })).body).toEqual({
      added: 1,
      skipped: 2,
    });
    const all = await t.request('POST', '/api/flashcards/import', { token, body: { content, skipDuplicates: false } });
    expect(all.body).toEqual({ added: 3, skipped: 0 });
  });

  it("puts the cards into the deck the learner chose, and refuses another learner's deck with 404", async () => {
    const { token } = await signUp(t);
    const deck = await t.request('POST', '/api/decks', { token, body: { name: 'French' } });
    const content = 'chien,dog\nchat,cat';
    const res = await t.request('POST', '/api/flashcards/import', { token, body: { content, deckId: deck.body.id } });
    expect(res).toMatchObject({ status: 201, body: { added: 2 } });
    const inDeck = await t.request('GET', `/api/flashcards?deckId=${deck.body.id}`, { token });
    expect(inDeck.body.cards.map((c: { question: string }) => c.question).sort()).toEqual(['chat', 'chien']);
    const other = await signUp(t);
    const refused = await t.request('POST', '/api/flashcards/import', {
      token: other.token,
      body: { content: 'a,b', deckId: deck.body.id },
    });
    expect(refused.status).toBe(404);
    expect(await deckOf(other.token)).toEqual([]);
  });

  it('writes nothing when the file has 5,001 cards', async () => {
    const { token } = await signUp(t);
    const content = Array.from({ length: 5001 }, (_, i) => `q${i},a${i}`).join('\n');
    const res = await t.request('POST', '/api/flashcards/import', { token, body: { content } });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'An import holds at most 5,000 cards; this one has 5,001' },
    });
    expect((await t.request('GET', '/api/flashcards', { token })).body.total).toBe(0);
  });

  it('writes nothing when one row lacks an answer, and names it', async () => {
    const { token } = await signUp(t);
    const res = await t.request('POST', '/api/flashcards/import', { token, body: { content: 'a,b\nc,\ne,f' } });
    expect(res).toMatchObject({ status: 400, body: { error: 'Card 2 needs both a question and an answer' } });
    expect((await t.request('GET', '/api/flashcards', { token })).body.total).toBe(0);
  });

  it.each([
    ['empty content', { content: '   ' }, 400],
    ['no content', {}, 400],
    ['an unclosed quote', { content: '"open,field\nnext,row' }, 400],
    ['over 10 MB', { content: `q,${'a'.repeat(10 * 1024 * 1024)}` }, 413],
  ])('refuses %s', async (_label, body, status) => {
    const { token } = await signUp(t);
    const res = await t.request('POST', '/api/flashcards/import', { token, body });
    expect(res.status).toBe(status);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('imports 5,000 cards at once', async () => {
    const { token } = await signUp(t);
    const content = Array.from({ length: 5000 }, (_, i) => `question ${i},answer ${i}`).join('\n');
    const res = await t.request('POST', '/api/flashcards/import', { token, body: { content } });
    expect(res.body).toEqual({ added: 5000, skipped: 0 });
    expect((await t.request('GET', '/api/flashcards?limit=1', { token })).body.total).toBe(5000);
  });
});

describe('exporting the deck', () => {
  it('downloads a CSV that imports back to the same cards', async () => {
    const { token } = await signUp(t);
    for (const [question, answer] of [
      ['Plain', 'one'],
      ['Comma, inside', 'Line\nbreak'],
      ['Quote "q"', '<i>html</i>'],
    ]) {
      await t.request('POST', '/api/flashcards', { token, body: { question, answer } });
    }
    const res = await fetch(`${t.url}/api/flashcards/export`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('learnboost-flashcards.csv');
    const csv = await res.text();
    const other = await signUp(t);
    await t.request('POST', '/api/flashcards/import', { token: other.token, body: { content: csv } });
    expect(await deckOf(other.token)).toEqual(expect.arrayContaining(await deckOf(token)));
    expect((await deckOf(other.token)).length).toBe(3);
  });

  it('escapes cells a spreadsheet would run as formulas, and imports them back unchanged', async () => {
    const { token } = await signUp(t);
    const cards = [
      ['=HYPERLINK("http://evil.example","click")', '+1'],
      ['-5 + 3 = ?', '@SUM(A1:A2)'],
      ['\tTabbed', '\rReturned'],
      ["'=already quoted", "'just an apostrophe"],
    ];
    for (const [question, answer] of cards)
      await t.request('POST', '/api/flashcards', { token, body: { question, answer } });
    const res = await fetch(`${t.url}/api/flashcards/export`, { headers: { authorization: `Bearer ${token}` } });
    const csv = await res.text();
    const cells = csv
      .split(/\r\n/)
      .slice(1)
      .flatMap((line) => line.split(','));
    for (const cell of cells.filter(Boolean)) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).toContain("''=already quoted");
    expect(csv).toContain("'just an apostrophe");

    const other = await signUp(t);
    const imported = await t.request('POST', '/api/flashcards/import', { token: other.token, body: { content: csv } });
    expect(imported.body).toEqual({ added: 4, skipped: 0 });
    expect((await deckOf(other.token)).sort()).toEqual(cards.sort());
  });

  it('needs a token and holds only the learner’s own cards', async () => {
    expect((await fetch(`${t.url}/api/flashcards/export`)).status).toBe(401);
    const { token } = await signUp(t);
    const res = await fetch(`${t.url}/api/flashcards/export`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await res.arrayBuffer());
    // A UTF-8 BOM first, so spreadsheet apps read accents right; then only the header.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').trim()).toBe('question,answer');
  });
});
