import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildApkg, type Format, PNG_1PX } from '../../../test/fixtures/anki/build-apkg';
import { zipBomb } from '../../../test/fixtures/anki/zip-bomb';
import { zstdRawFrame } from '../../../test/fixtures/anki/zstd-raw';
import { readAnkiPackage, readPackageImages } from './anki-package';
import { joinPieces } from './zip-entries';

const DAY = 86_400_000;
const t0 = new Date('2024-03-01T09:00:00Z');

const mixedDeck = (format: Format) =>
  buildApkg({
    format,
    media: { 'cell.png': PNG_1PX, 'unused.png': PNG_1PX },
    notes: [
      {
        type: 'Basic',
        fields: ['What is ATP?', 'The energy currency'],
        deck: 'Biology::Cells',
        tags: ['bio', 'energy'],
      },
      { type: 'Basic (and reversed card)', fields: ['chat', 'cat'], deck: 'French' },
      { type: 'Basic (optional reversed card)', fields: ['one-way', 'only forward', ''], deck: 'French' },
      { type: 'Basic (optional reversed card)', fields: ['two-way', 'both', 'y'], deck: 'French' },
      {
        type: 'Cloze',
        fields: ['The {{c1::mitochondria}} is the {{c2::powerhouse::role}} <img src="cell.png">', 'Extra fact'],
        deck: 'Biology::Cells',
        cards: { 0: { suspended: true } },
      },
      {
        type: 'Basic',
        fields: ['Reviewed', 'yes'],
        cards: {
          0: {
            reviews: [
              { at: t0, ease: 3, type: 0 },
              { at: new Date(t0.getTime() + DAY), ease: 3, type: 1 },
              { at: new Date(t0.getTime() + 5 * DAY), ease: 1, type: 1 },
            ],
          },
        },
      },
    ],
  });

describe('reading an Anki package', () => {
  for (const format of ['anki2', 'anki21', 'anki21b'] as const) {
    it(`reads every stock note type, nested decks, tags, suspension, a cloze image and history from collection.${format}`, async () => {
      const data = await mixedDeck(format);
      const pkg = await readAnkiPackage(data);
      expect(pkg.notes).toBe(6);
      // 1 + 2 + 1 + 2 + 2 cloze + 1
      expect(pkg.cards).toHaveLength(9);
      const atp = pkg.cards.find((c) => c.question === 'What is ATP?');
      expect(atp).toMatchObject({
        deck: 'Biology::Cells',
        kind: 'basic',
        answer: 'The energy currency',
        tags: ['bio', 'energy'],
      });
      const reversed = pkg.cards.filter((c) => c.deck === 'French').map((c) => [c.question, c.answer]);
      expect(reversed).toEqual([
        ['chat', 'cat'],
        ['cat', 'chat'],
        ['one-way', 'only forward'],
        ['two-way', 'both'],
        ['both', 'two-way'],
      ]);
      const cloze = pkg.cards.filter((c) => c.kind === 'cloze');
      expect(cloze.map((c) => [c.clozeOrdinal, c.suspended])).toEqual([
        [1, true],
        [2, false],
      ]);
      expect(cloze[0]?.question).toBe(
        'The {{c1::mitochondria}} is the {{c2::powerhouse::role}} <img src="cell.png" />',
      );
      expect(cloze[0]?.answer).toBe('Extra fact');
      expect(new Set(cloze.map((c) => c.noteKey)).size).toBe(1);
      expect([...pkg.images.keys()]).toEqual(['cell.png']);
      const images = new Map<string, Uint8Array>();
      await readPackageImages(data, pkg, async (name, pieces) => void images.set(name, joinPieces(pieces)));
      expect(images).toEqual(new Map([['cell.png', PNG_1PX]]));
      expect(pkg.reviews).toBe(3);
      expect(pkg.cards.find((c) => c.question === 'Reviewed')?.history.map((s) => s.kind)).toEqual([
        'review',
        'review',
        'review',
      ]);
    });
  }

  it('skips note types it cannot render and says why, with a count', async () => {
    const pkg = await readAnkiPackage(
      await buildApkg({
        format: 'anki21',
        noteTypes: [
          {
            name: 'Scripted',
            fields: ['Front', 'Back'],
            templates: [{ name: 'c', front: '{{Front}}<script>go()</script>', back: '{{Back}}' }],
          },
          {
            name: 'Simple custom',
            fields: ['Word', 'Meaning', 'Note'],
            templates: [
              {
                name: 'c',
                front: '{{Word}}{{#Note}}<i>{{text:Note}}</i>{{/Note}}',
                back: '{{FrontSide}}<hr id=answer>{{Meaning}}{{^Note}} (no note){{/Note}}',
              },
            ],
          },
        ],
        notes: [
          { type: 'Basic (type in the answer)', fields: ['q', 'a'] },
          { type: 'Basic (type in the answer)', fields: ['q2', 'a2'] },
          { type: 'Scripted', fields: ['q', 'a'] },
          { type: 'Simple custom', fields: ['chien', 'dog', '<b>noun</b>'] },
          { type: 'Simple custom', fields: ['vite', 'fast', ''] },
        ],
      }),
    );
    expect(pkg.cards.map((c) => [c.question, c.answer])).toEqual([
      ['chien<i>noun</i>', 'dog'],
      ['vite', 'fast (no note)'],
    ]);
    expect(Object.fromEntries(pkg.skipped)).toEqual({
      'Note type "Basic (type in the answer)": its template uses {{type:Back}}, which LearnBoost cannot show': 2,
      'Note type "Scripted": its card template runs scripts': 1,
    });
  });

  it('sanitises hostile fields: no scripts, handlers, styles or remote images; sound tags dropped and counted', async () => {
    const pkg = await readAnkiPackage(
      await buildApkg({
        format: 'anki2',
        notes: [
          {
            type: 'Basic',
            fields: [
              '<b onclick="steal()">Bold</b><script>alert(1)</script><style>body{}</style><img src="https://evil.example/x.png"><img src="//evil.example/y.png"><img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)">[sound:hello.mp3]',
              '<ul><li>one</li></ul><table><tr><td>cell</td></tr></table><a href="http://evil.example">link</a> [sound:a.mp3][sound:b.mp3]',
            ],
          },
        ],
      }),
    );
    const [card] = pkg.cards;
    expect(card?.question).toBe('<b>Bold</b>');
    expect(card?.answer).toBe('<ul><li>one</li></ul><table><tr><td>cell</td></tr></table>link');
    expect(pkg.skipped.get('Sound tags removed (LearnBoost plays no sound)')).toBe(3);
  });

  it('keeps history through "Forget" as a reset and leaves manual due dates out of the replay', async () => {
    const pkg = await readAnkiPackage(
      await buildApkg({
        format: 'anki21',
        notes: [
          {
            type: 'Basic',
            fields: ['q', 'a'],
            cards: {
              0: {
                reviews: [
                  { at: t0, ease: 3 },
                  { at: new Date(t0.getTime() + DAY), ease: 0, type: 4, ivl: 0 },
                  { at: new Date(t0.getTime() + 2 * DAY), ease: 0, type: 5, ivl: 10 },
                  { at: new Date(t0.getTime() + 3 * DAY), ease: 4, type: 0 },
                ],
              },
            },
          },
        ],
      }),
    );
    expect(pkg.cards[0]?.history.map((s) => s.kind)).toEqual(['review', 'forget', 'review']);
    expect(pkg.reviews).toBe(2);
    expect(
      pkg.skipped.get('Manual due-date changes in the review log (the schedule is rebuilt from the reviews)'),
    ).toBe(1);
  });
});

describe('the limits of one import', () => {
  const notes = [
    {
      type: 'Basic',
      fields: ['q1', 'a1'],
      cards: {
        0: {
          reviews: [
            { at: t0, ease: 3 },
            { at: new Date(t0.getTime() + DAY), ease: 3 },
          ],
        },
      },
    },
    { type: 'Basic', fields: ['q2', 'a2'] },
    { type: 'Basic', fields: ['q3', 'a3'] },
  ];

  it('answers 413 for more cards than one import takes', async () => {
    const data = await buildApkg({ format: 'anki2', notes });
    await expect(readAnkiPackage(data, { maxCards: 2 })).rejects.toMatchObject({
      status: 413,
      message: 'This package holds 3 cards; one import takes at most 2.',
    });
    expect((await readAnkiPackage(data, { maxCards: 3 })).cards).toHaveLength(3);
  });

  it('answers 413 for more reviews than one import takes', async () => {
    const data = await buildApkg({ format: 'anki2', notes });
    await expect(readAnkiPackage(data, { maxReviews: 1 })).rejects.toMatchObject({ status: 413 });
    expect((await readAnkiPackage(data, { maxReviews: 2 })).reviews).toBe(2);
  });
});

describe('refusing what is not an Anki package', () => {
  const refusal = async (data: Uint8Array) => {
    try {
      await readAnkiPackage(data);
    } catch (err) {
      return { status: (err as { status?: number }).status, message: (err as Error).message };
    }
    throw new Error('it was accepted');
  };

  it('says when the file is not a zip', async () => {
    expect(await refusal(new TextEncoder().encode('front,back\nq,a\n'))).toEqual({
      status: 422,
      message: 'This file is not a zip archive, so it is not an Anki package (.apkg or .colpkg).',
    });
  });

  it('says when the zip holds no collection', async () => {
    expect(await refusal(zipSync({ 'notes.txt': new TextEncoder().encode('hello') }))).toMatchObject({
      status: 422,
      message: expect.stringContaining('holds no Anki collection'),
    });
  });

  it('says when the collection is from a schema too old', async () => {
    const old = await buildApkg({ format: 'anki2', schemaVersion: 5, notes: [{ type: 'Basic', fields: ['q', 'a'] }] });
    expect(await refusal(old)).toMatchObject({ status: 422, message: expect.stringContaining('too old to import') });
  });

  it('says when the collection is not a database', async () => {
    expect(await refusal(zipSync({ 'collection.anki2': new TextEncoder().encode('not sqlite at all') }))).toMatchObject(
      {
        status: 422,
        message: 'The collection inside this package is not a readable Anki database.',
      },
    );
  });

  it('refuses a zip bomb whose files unpack to more than 1 GB, before unpacking them', async () => {
    const bomb = zipBomb(70, 16 * 1024 * 1024); // 1.1 GB of zeros in about 1 MB
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await refusal(bomb)).toEqual({
      status: 422,
      message: 'This file unpacks to more than 1 GB, so it was not imported.',
    });
  });

  it('refuses a zstd collection whose header claims more than 1 GB', async () => {
    const frame = zstdRawFrame(new Uint8Array(100), { declaredSize: 2 ** 31 });
    const pkg = zipSync({ meta: Uint8Array.of(8, 3), 'collection.anki21b': frame });
    expect(await refusal(pkg)).toEqual({
      status: 422,
      message: 'This file unpacks to more than 1 GB, so it was not imported.',
    });
  });
});
