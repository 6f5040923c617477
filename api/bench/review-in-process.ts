// One review through the service (FSRS + the atomic write), in-process, beside its floor on the
// same engine and data: ts-fsrs `next` plus one raw UPDATE. Prints JSON for bench/suites.
import { createTestDb, insertCards, insertUser } from '@learnboost/db';
import { sql } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { reviewCard } from '../src/features/flashcards/flashcards.service';

const RUNS = 300;
const handle = await createTestDb(process.argv[2] || undefined);
const user = await insertUser(handle.db, { username: 'bench', email: 'bench@x.io', passwordHash: 'x' });
const cards = await insertCards(
  handle.db,
  Array.from({ length: RUNS * 2 }, (_, i) => ({ userId: user.id, question: `q${i}`, answer: 'a' })),
);
const idOf = (i: number): string => {
  const card = cards[i];
  if (!card) throw new Error(`no card ${i}`);
  return card.id;
};
const time = async (work: (i: number) => Promise<unknown>) => {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await work(i);
    out.push(performance.now() - t0);
  }
  return out;
};
// Warm both paths first (JIT, plan caches).
for (let i = 0; i < 20; i++)
  await reviewCard({
    db: handle.db,
    userId: user.id,
    cardId: idOf(RUNS + i),
    timeZone: 'Europe/Berlin',
    remembered: true,
  });

const service = await time((i) =>
  reviewCard({
    db: handle.db,
    userId: user.id,
    cardId: idOf(i),
    timeZone: 'Europe/Berlin',
    remembered: i % 3 !== 0,
  }),
);
const scheduler = fsrs();
const floor = await time(async (i) => {
  const { card } = scheduler.next(createEmptyCard(new Date()), new Date(), i % 3 ? Rating.Good : Rating.Again);
  await handle.db.execute(sql`update flashcards set due = ${card.due.toISOString()}::timestamptz, stability = ${card.stability},
    difficulty = ${card.difficulty}, scheduled_days = ${card.scheduled_days}, learning_steps = ${card.learning_steps},
    reps = ${card.reps}, lapses = ${card.lapses}, state = ${card.state}, last_review = now() where id = ${idOf(RUNS + 20 + (i % 100))}::uuid`);
});
await handle.close();
console.log(JSON.stringify({ service, floor }));
