// One review through the service (FSRS + the atomic write), in-process, beside its floor on the
// same engine and data: ts-fsrs `next` plus one raw UPDATE; and the same review sent again with
// its id (a retry), which must cost a read and no write. Prints JSON for bench/suites.
import { randomUUID } from 'node:crypto';
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
const scheduler = fsrs();
// Each review named, as the web sends it.
const review = (i: number, cardId: string, reviewId: string = randomUUID()) =>
  reviewCard({ db: handle.db, userId: user.id, cardId, timeZone: 'Europe/Berlin', remembered: i % 3 !== 0, reviewId });
const rawUpdate = async (i: number, cardId: string) => {
  const { card } = scheduler.next(createEmptyCard(new Date()), new Date(), i % 3 ? Rating.Good : Rating.Again);
  await handle.db.execute(sql`update flashcards set due = ${card.due.toISOString()}::timestamptz, stability = ${card.stability},
    difficulty = ${card.difficulty}, scheduled_days = ${card.scheduled_days}, learning_steps = ${card.learning_steps},
    reps = ${card.reps}, lapses = ${card.lapses}, state = ${card.state}, last_review = now() where id = ${cardId}::uuid`);
};
const elapsed = async (work: () => Promise<unknown>) => {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
};

// Warm both paths first (JIT, plan caches).
for (let i = 0; i < 20; i++) {
  await review(i, idOf(RUNS + i));
  await rawUpdate(i, idOf(RUNS + 20 + i));
}
// In turns, sample by sample: whatever else the machine does weighs on both alike.
const service: number[] = [];
const floor: number[] = [];
const repeat: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const reviewId = randomUUID();
  service.push(await elapsed(() => review(i, idOf(i), reviewId)));
  floor.push(await elapsed(() => rawUpdate(i, idOf(RUNS + 20 + (i % 100)))));
  repeat.push(await elapsed(() => review(i, idOf(i), reviewId)));
}
const counted = (await handle.db.execute(sql`select count(*)::int as n from flashcard_reviews`)) as unknown as
  | { n: number }[]
  | { rows: { n: number }[] };
const n = (Array.isArray(counted) ? counted : counted.rows)[0]?.n;
// Every repeat found its first copy: the log holds the warm-up's reviews and one per run, no more.
if (n !== 20 + RUNS) throw new Error(`expected ${20 + RUNS} reviews, found ${n}`);
await handle.close();
console.log(JSON.stringify({ service, floor, repeat }));
