import { schedulerJobs } from '@learnboost/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApkg, type FixtureNote } from '../../../test/fixtures/anki/build-apkg';
import { signUp, useTestApp } from '../../../test/helper';

const t = useTestApp();
const DAY = 86_400_000;
const start = Date.parse('2024-01-01T08:00:00Z');

/** 100 notes, 12 reviews each (a lapse now and then): 1,200 reviews imported at once. */
const notes: FixtureNote[] = Array.from({ length: 100 }, (_, i) => ({
  type: 'Basic',
  fields: [`word ${i}`, `meaning ${i}`],
  deck: 'Vocabulary',
  cards: {
    0: {
      reviews: Array.from({ length: 12 }, (_, r) => ({
        at: new Date(start + i * 1000 + r * 2 ** Math.min(r, 6) * DAY),
        ease: r % 5 === 3 ? 1 : 3,
        type: r === 0 ? 0 : 1,
      })),
    },
  },
}));

async function importReviews(token: string) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(await buildApkg({ format: 'anki2', notes }))]), 'deck.apkg');
  const res = await fetch(`${t.url}/api/flashcards/import/anki`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { importId } = (await res.json()) as { importId: string };
  const committed = await t.request('POST', `/api/flashcards/import/anki/${importId}/commit`, { token });
  expect(committed.body.reviews).toBe(1200);
}

describe('optimising again by itself', () => {
  it('queues an optimisation once 1,000 reviews have come since the last, and not when turned off', async () => {
    const learner = await signUp(t);
    await importReviews(learner.token);
    const jobsOf = (userId: string) => t.db.db.select().from(schedulerJobs).where(eq(schedulerJobs.userId, userId));
    let jobs = await jobsOf(learner.id);
    for (let i = 0; i < 300 && jobs[0]?.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      jobs = await jobsOf(learner.id);
    }
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.status).toBe('done');

    const off = await signUp(t);
    await t.request('PATCH', '/api/scheduler', { token: off.token, body: { autoOptimize: false } });
    await importReviews(off.token);
    await new Promise((r) => setTimeout(r, 500));
    expect(await jobsOf(off.id)).toHaveLength(0);
  });
});
