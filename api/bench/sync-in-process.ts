// 1,000 offline reviews of 200 cards through the sync service in one call, beside the same reviews
// through the online review service one by one (the floor), on the same engine; then the same
// batch sent again, which must find every id recorded and write nothing. Prints JSON for bench/suites.
import { randomUUID } from 'node:crypto';
import { createTestDb, insertCards, insertUser } from '@learnboost/db';
import { sql } from 'drizzle-orm';
import type { TRating, TSyncReview } from '../src/contract';
import { reviewCard } from '../src/features/flashcards/flashcards.service';
import { syncReviews } from '../src/features/flashcards/review-sync.service';

const CARDS = 200;
const PER_CARD = 5;
const DAY = 86_400_000;
const handle = await createTestDb(process.argv[2] || undefined);
const user = await insertUser(handle.db, { username: 'bench', email: 'bench@x.io', passwordHash: 'x' });
const deck = async (tag: string) =>
  insertCards(
    handle.db,
    Array.from({ length: CARDS }, (_, i) => ({ userId: user.id, question: `${tag}${i}`, answer: 'a' })),
  );
const [synced, online] = [await deck('s'), await deck('o')];
const reviewCount = async () => {
  const res = (await handle.db.execute(sql`select count(*)::int as n from flashcard_reviews`)) as unknown as
    | { n: number }[]
    | { rows: { n: number }[] };
  return (Array.isArray(res) ? res : res.rows)[0]?.n ?? 0;
};

// Five reviews a card over the last 25 days, as an outbox holds them: in the order they were made.
const now = Date.now();
const plan = Array.from({ length: CARDS * PER_CARD }, (_, i) => ({
  card: i % CARDS,
  rating: ((i * 7) % 4) + 1,
  at: new Date(now - 25 * DAY + i * ((24 * DAY) / (CARDS * PER_CARD))),
}));
const batch: TSyncReview[] = plan.map((p) => ({
  id: randomUUID(),
  cardId: synced[p.card]?.id as string,
  rating: p.rating as TRating,
  reviewedAt: p.at.toISOString(),
  durationMs: 5000,
}));
const elapsed = async (work: () => Promise<unknown>) => {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
};
const ctx = { db: handle.db, userId: user.id, timeZone: 'Europe/Berlin' };

const floor = await elapsed(async () => {
  for (const p of plan) {
    const cardId = online[p.card]?.id as string;
    await reviewCard({ ...ctx, cardId, rating: p.rating as TRating, reviewId: randomUUID(), now: p.at });
  }
});
const sync = await elapsed(() => syncReviews({ ...ctx, reviews: batch }));
const before = await reviewCount();
const duplicate = await elapsed(() => syncReviews({ ...ctx, reviews: batch }));
if ((await reviewCount()) !== before) throw new Error('a repeated batch wrote reviews');
if (before !== 2 * CARDS * PER_CARD) throw new Error(`expected ${2 * CARDS * PER_CARD} reviews, found ${before}`);
await handle.close();
console.log(JSON.stringify({ sync, duplicate, floor }));
