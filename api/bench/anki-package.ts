// The bench's Anki package, built by the test fixtures' builder (Anki's published schema, not
// our exporter): `node --import tsx bench/anki-package.ts <notes> <reviews per card> <out.apkg>`.
import { writeFileSync } from 'node:fs';
import { buildApkg, type FixtureNote } from '../test/fixtures/anki/build-apkg';

const [notes, reviewsPerCard, out] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4] as string];
const DAY = 86_400_000;
const start = Date.parse('2023-01-01T08:00:00Z');

const fixtureNotes: FixtureNote[] = Array.from({ length: notes }, (_, i) => ({
  type: 'Basic',
  fields: [`word <b>${i}</b>`, `meaning ${i}`],
  deck: 'Bench::Vocabulary',
  tags: ['bench'],
  cards: {
    0: {
      // A review every three days, a lapse now and then; each at its own millisecond (revlog ids).
      reviews: Array.from({ length: reviewsPerCard }, (_, r) => ({
        at: new Date(start + i * 1000 + r * 3 * DAY),
        ease: r % 7 === 3 ? 1 : 3,
        type: 1,
      })),
    },
  },
}));

writeFileSync(out, await buildApkg({ format: 'anki2', notes: fixtureNotes }));
