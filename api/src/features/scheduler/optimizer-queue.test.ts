import { randomUUID } from 'node:crypto';
import { schedulerJobs } from '@learnboost/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startApp, type TestApp } from '../../../test/helper';
import { STRONG_MEMORY, writeSyntheticHistory } from '../../../test/synthetic-learner';

// Two apps on one database, as two api processes: one training at a time across both.
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  // One secret, as processes behind one load balancer share.
  const env = { OPTIMIZE_CONCURRENCY: '1', JWT_SECRET: randomUUID() + randomUUID() };
  first = await startApp(env);
  second = await startApp(env, first.db);
});
afterAll(async () => {
  await second?.app.close();
  await first?.close();
});

describe('optimisations queued from two processes', () => {
  it('run one at a time across both, each to the end, none lost', async () => {
    const learners: { app: TestApp; token: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const app = i % 2 ? second : first;
      const learner = await signUp(app);
      await writeSyntheticHistory(first.db.db, learner.id, { parameters: STRONG_MEMORY, cards: 120, seed: `q${i}` });
      learners.push({ app, token: learner.token });
    }
    // All four queued at once: a worker trains one of these in a few tens of milliseconds.
    const jobs: { app: TestApp; token: string; jobId: string }[] = [];
    for (const { app, token } of learners) {
      const res = await app.request('POST', '/api/scheduler/optimize', { token });
      expect(res.status).toBe(202);
      jobs.push({ app, token, jobId: res.body.jobId });
    }
    let mostAtOnce = 0;
    for (let i = 0; i < 3000; i++) {
      const running = await first.db.db.select().from(schedulerJobs).where(eq(schedulerJobs.status, 'running'));
      mostAtOnce = Math.max(mostAtOnce, running.length);
      const rows = await first.db.db.select().from(schedulerJobs);
      if (rows.every((r) => r.status === 'done' || r.status === 'failed')) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(mostAtOnce).toBe(1);
    for (const job of jobs) {
      // Each learner reads their job from either process.
      const other = job.app === first ? second : first;
      const res = await other.request('GET', `/api/scheduler/optimize/${job.jobId}`, { token: job.token });
      expect(res.body).toMatchObject({ status: 'done', progress: 1 });
    }
  });
});
