import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  flashcardReviews,
  flashcards,
  insertCards,
  rebuildStudyDays,
  studyDays,
  studySessions,
  testQuestions,
  users,
} from '@learnboost/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';
import { dashboardOverview } from './dashboard.service';

const t = useTestApp();

/** A learner in `timeZone`, signed up at `createdAt`, with one card due at `cardDue`. */
async function learnerWithCard(timeZone: string, createdAt: Date, cardDue: Date) {
  const learner = await signUp(t);
  await t.db.db.update(users).set({ timeZone, createdAt }).where(eq(users.id, learner.id));
  const [card] = await insertCards(t.db.db, [
    { userId: learner.id, question: 'q', answer: 'a', due: cardDue, createdAt },
  ]);
  return { ...learner, timeZone, cardId: (card as { id: string }).id };
}

/** A logged review, as if made then; `dueBefore` is the due date the card had until then. */
async function review(l: { id: string; cardId: string; timeZone: string }, at: string, dueBefore: string, rating = 3) {
  await t.db.db.insert(flashcardReviews).values({
    cardId: l.cardId,
    userId: l.id,
    rating,
    state: 2,
    due: new Date(dueBefore),
    stability: 1,
    difficulty: 5,
    elapsedDays: 1,
    lastElapsedDays: 1,
    scheduledDays: 1,
    learningSteps: 0,
    stateAfter: 2,
    reviewedAt: new Date(at),
    durationMs: 60_000,
  });
  // Seeded behind the api's back, so the rollup the api keeps is made from the log here.
  await rebuildStudyDays(t.db.db, l.id, l.timeZone);
}

describe('the study-day rollup', () => {
  it('kept by reviews and undo through the api equals one rebuilt from the log, and follows a zone change', async () => {
    const { id, token } = await signUp(t);
    const cards: string[] = [];
    for (const q of ['a', 'b', 'c'])
      cards.push((await t.request('POST', '/api/flashcards', { token, body: { question: q, answer: q } })).body.id);
    for (const [i, remembered] of [true, false, true].entries()) {
      await t.request('PUT', `/api/flashcards/${cards[i]}/review`, { token, body: { remembered, durationMs: 90_000 } });
    }
    await t.request('POST', `/api/flashcards/${cards[2]}/undo`, { token });
    const kept = await t.db.db.select().from(studyDays).where(eq(studyDays.userId, id));
    expect(kept).toEqual([expect.objectContaining({ reviews: 2, reviewMs: 120_000, remembered: 1 })]);
    await rebuildStudyDays(t.db.db, id, 'UTC');
    expect(await t.db.db.select().from(studyDays).where(eq(studyDays.userId, id))).toEqual(kept);

    await t.request('PATCH', '/api/me/settings', { token, body: { timeZone: 'Pacific/Kiritimati' } });
    const moved = await t.db.db.select().from(studyDays).where(eq(studyDays.userId, id));
    expect(moved.map((d) => d.reviews)).toEqual([2]);
    const kiritimatiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      kept[0]?.lastReviewAt,
    );
    expect(moved[0]?.day).toBe(kiritimatiDay);
  });
});

describe('the overview of a new learner', () => {
  it('is honest: zeros and empty lists, nothing earned', async () => {
    const { token } = await signUp(t);
    const res = await t.request('GET', '/api/dashboard/overview', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      weeklyProgress: 0,
      weeklyMinutes: 0,
      weeklyGoalMinutes: 300,
      today: {
        studyMinutes: 0,
        cardsReviewed: 0,
        testsTaken: 0,
        vsYesterday: { studyMinutes: null, cardsReviewed: null },
      },
      streak: { current: 0, longest: 0 },
      recentActivity: [],
      topics: [],
    });
    expect(res.body.motivationalQuote).toEqual({ text: expect.any(String), author: expect.any(String) });
    expect(res.body.achievements.every((a: { earned: boolean }) => !a.earned)).toBe(true);
    expect(res.body.activity).toHaveLength(365);
    expect(res.body.activity.every((d: { count: number }) => d.count === 0)).toBe(true);
  });

  it('needs a token', async () => {
    expect((await t.request('GET', '/api/dashboard/overview')).status).toBe(401);
    expect((await t.request('GET', '/api/ai-coach/insights')).status).toBe(401);
  });
});

describe('figures from a seeded history', () => {
  // Wednesday 15 May 2030, noon in Tokyo.
  const now = new Date('2030-05-15T03:00:00Z');

  it('counts days in the learner’s zone: 23:30 and 00:30 in Tokyo are two study days', async () => {
    const l = await learnerWithCard('Asia/Tokyo', new Date('2030-05-01T00:00:00Z'), new Date('2030-05-13T00:00:00Z'));
    await review(l, '2030-05-13T14:30:00Z', '2030-05-13T00:00:00Z'); // 23:30 on the 13th in Tokyo
    await review(l, '2030-05-13T15:30:00Z', '2030-05-14T00:00:00Z'); // 00:30 on the 14th in Tokyo
    await review(l, '2030-05-15T01:00:00Z', '2030-05-15T00:00:00Z'); // 10:00 on the 15th
    const o = await dashboardOverview({ db: t.db.db, userId: l.id, now });
    expect(o.streak).toEqual({ current: 3, longest: 3 });
    expect(o.today).toEqual({
      studyMinutes: 1,
      cardsReviewed: 1,
      testsTaken: 0,
      vsYesterday: { studyMinutes: 0, cardsReviewed: 0 },
    });
    const three = o.achievements.find((a) => a.id === 'three-day-streak');
    // Earned on the third day: the 15th, which starts at 15:00 UTC on the 14th in Tokyo.
    expect(three).toMatchObject({ earned: true, earnedAt: '2030-05-14T15:00:00.000Z', progress: 100 });
    expect(o.activity.at(-1)).toEqual({ date: '2030-05-15', count: 1 });
    expect(o.activity.at(-2)).toEqual({ date: '2030-05-14', count: 1 });
    expect(o.recentActivity[0]).toEqual({
      kind: 'review',
      text: 'Reviewed 1 flashcard',
      at: '2030-05-15T01:00:00.000Z',
    });
  });

  it('compares today so far with yesterday up to the same time, not with all of yesterday', async () => {
    const l = await learnerWithCard('UTC', new Date('2030-05-01T00:00:00Z'), new Date('2030-05-13T00:00:00Z'));
    // Yesterday: two reviews in the morning, eight in the evening; today: two by 09:00.
    for (const at of ['08:00', '08:30']) await review(l, `2030-05-14T${at}:00Z`, '2030-05-13T00:00:00Z');
    for (let i = 0; i < 8; i++) await review(l, `2030-05-14T20:0${i}:00Z`, '2030-05-13T00:00:00Z');
    for (const at of ['08:10', '08:40']) await review(l, `2030-05-15T${at}:00Z`, '2030-05-13T00:00:00Z');
    const morning = await dashboardOverview({ db: t.db.db, userId: l.id, now: new Date('2030-05-15T09:00:00Z') });
    // Against all of yesterday (10 reviews) this would read -80%.
    expect(morning.today.vsYesterday).toEqual({ cardsReviewed: 0, studyMinutes: 0 });
    const night = await dashboardOverview({ db: t.db.db, userId: l.id, now: new Date('2030-05-15T23:00:00Z') });
    expect(night.today.vsYesterday.cardsReviewed).toBe(-80);
  });

  it('forgives a day on which nothing was due and nothing planned, and only such a day', async () => {
    const farAway = '2030-07-01T00:00:00Z';
    const calm = await learnerWithCard('UTC', new Date('2030-05-01T00:00:00Z'), new Date(farAway));
    for (const day of ['10', '11', '13']) await review(calm, `2030-05-${day}T09:00:00Z`, farAway);
    expect(
      (await dashboardOverview({ db: t.db.db, userId: calm.id, now: new Date('2030-05-13T20:00:00Z') })).streak.current,
    ).toBe(3);

    const missed = await learnerWithCard('UTC', new Date('2030-05-01T00:00:00Z'), new Date(farAway));
    await review(missed, '2030-05-10T09:00:00Z', farAway);
    await review(missed, '2030-05-11T09:00:00Z', farAway);
    // Due on the 12th and left waiting until the 13th: the 12th was a missed day.
    await review(missed, '2030-05-13T09:00:00Z', '2030-05-12T08:00:00Z');
    const o = await dashboardOverview({ db: t.db.db, userId: missed.id, now: new Date('2030-05-13T20:00:00Z') });
    expect(o.streak).toEqual({ current: 1, longest: 2 });

    const planned = await learnerWithCard('UTC', new Date('2030-05-01T00:00:00Z'), new Date(farAway));
    for (const day of ['10', '11', '13']) await review(planned, `2030-05-${day}T09:00:00Z`, farAway);
    await t.db.db.insert(studySessions).values({
      userId: planned.id,
      title: 'Skipped',
      subject: 'Maths',
      scheduledAt: new Date('2030-05-12T18:00:00Z'),
    });
    expect(
      (await dashboardOverview({ db: t.db.db, userId: planned.id, now: new Date('2030-05-13T20:00:00Z') })).streak
        .current,
    ).toBe(1);
  });

  it('caps weekly progress at 100 and earns First Week Champion on the day the goal was reached', async () => {
    const l = await learnerWithCard('Europe/Paris', new Date('2030-05-01T00:00:00Z'), new Date('2030-07-01T00:00:00Z'));
    await t.db.db.update(users).set({ weeklyGoalMinutes: 60 }).where(eq(users.id, l.id));
    for (const [at, minutes] of [
      ['2030-05-13T08:00:00Z', 45],
      ['2030-05-14T08:00:00Z', 45],
    ] as const) {
      await t.db.db.insert(studySessions).values({
        userId: l.id,
        title: 'Reading',
        subject: 'History',
        durationMinutes: minutes,
        scheduledAt: new Date(at),
        completedAt: new Date(at),
      });
    }
    await t.db.db
      .insert(studySessions)
      .values({ userId: l.id, title: 'Later', subject: 'Physics', scheduledAt: new Date('2030-05-20T08:00:00Z') });
    const o = await dashboardOverview({ db: t.db.db, userId: l.id, now });
    expect(o).toMatchObject({ weeklyProgress: 100, weeklyMinutes: 90, weeklyGoalMinutes: 60 });
    expect(o.achievements.find((a) => a.id === 'first-week-champion')).toMatchObject({
      earned: true,
      earnedAt: '2030-05-13T22:00:00.000Z', // midnight of Tuesday the 14th in Paris
    });
    // Topics come from cards, not sessions: the one new card is pending.
    expect(o.topics).toEqual([{ subject: 'My Flashcards', mastered: 0, pending: 1 }]);
    expect(o.recentActivity.map((a) => a.text)).toEqual([
      'Completed Reading (45 min)',
      'Completed Reading (45 min)',
      'Added 1 flashcard',
    ]);
  });

  it('earns 100 Flashcards Reviewed at the 100th review, and shows progress before it', async () => {
    const l = await learnerWithCard('UTC', new Date('2030-05-01T00:00:00Z'), new Date('2030-07-01T00:00:00Z'));
    for (let i = 0; i < 99; i++) {
      await review(l, new Date(Date.parse('2030-05-14T10:00:00Z') + i * 60_000).toISOString(), '2030-07-01T00:00:00Z');
    }
    const before = await dashboardOverview({ db: t.db.db, userId: l.id, now });
    expect(before.achievements.find((a) => a.id === 'hundred-reviews')).toMatchObject({ earned: false, progress: 99 });
    await review(l, '2030-05-15T02:00:00Z', '2030-07-01T00:00:00Z');
    const after = await dashboardOverview({ db: t.db.db, userId: l.id, now });
    expect(after.achievements.find((a) => a.id === 'hundred-reviews')).toMatchObject({
      earned: true,
      earnedAt: '2030-05-15T02:00:00.000Z',
    });
  });

  it('earns Perfect Score only from a test’s first submission, not from a retake after seeing the answers', async () => {
    const passage = readFileSync(
      path.resolve(import.meta.dirname, '../../../test/fixtures/passages/science-photosynthesis.txt'),
      'utf8',
    );
    const learner = await signUp(t);
    const token = learner.token;
    const newTest = async () =>
      (await t.request('POST', '/api/knowledge-tests', { token, body: { name: 'Light', text: passage, requested: 3 } }))
        .body.id as string;
    const rightAnswers = async (testId: string) =>
      (await t.db.db.select().from(testQuestions).where(eq(testQuestions.testId, testId))).map((q) => ({
        qId: q.id,
        selectedIndex: q.correctIndex,
      }));
    const perfect = async () =>
      (await t.request('GET', '/api/dashboard/overview', { token })).body.achievements.find(
        (a: { id: string }) => a.id === 'perfect-score',
      ).earned;

    const retaken = await newTest();
    const right = await rightAnswers(retaken);
    const wrong = right.map((a) => ({ qId: a.qId, selectedIndex: -1 }));
    await t.request('POST', `/api/knowledge-tests/${retaken}/submit`, { token, body: { answers: wrong } });
    const retake = await t.request('POST', `/api/knowledge-tests/${retaken}/submit`, {
      token,
      body: { answers: right },
    });
    expect(retake.body.score).toBe(100);
    expect(await perfect()).toBe(false);

    const fresh = await newTest();
    await t.request('POST', `/api/knowledge-tests/${fresh}/submit`, {
      token,
      body: { answers: await rightAnswers(fresh) },
    });
    expect(await perfect()).toBe(true);
  });

  it('never counts another learner’s activity', async () => {
    const mine = await learnerWithCard('UTC', new Date('2030-05-01T00:00:00Z'), new Date('2030-07-01T00:00:00Z'));
    const other = await learnerWithCard('UTC', new Date('2030-05-01T00:00:00Z'), new Date('2030-07-01T00:00:00Z'));
    await review(other, '2030-05-15T01:00:00Z', '2030-07-01T00:00:00Z');
    await t.db.db.insert(studySessions).values({
      userId: other.id,
      title: 'Theirs',
      subject: 'Art',
      scheduledAt: new Date('2030-05-14T08:00:00Z'),
      completedAt: new Date('2030-05-14T09:00:00Z'),
    });
    const o = await dashboardOverview({ db: t.db.db, userId: mine.id, now });
    // Only my one card: theirs is not in my topics.
    expect(o).toMatchObject({
      weeklyMinutes: 0,
      streak: { current: 0, longest: 0 },
      topics: [{ subject: 'My Flashcards', mastered: 0, pending: 1 }],
    });
    expect(o.today.cardsReviewed).toBe(0);
    expect(o.recentActivity.map((a) => a.kind)).toEqual(['card-added']);
  });

  it('counts a subject’s cards as mastered once FSRS stability reaches 21 days, per top-level deck', async () => {
    const l = await signUp(t);
    const token = l.token;
    const bio = (await t.request('POST', '/api/decks', { token, body: { name: 'Biology' } })).body;
    const cells = (await t.request('POST', '/api/decks', { token, body: { name: 'Biology::Cells' } })).body;
    const add = async (deckId: string, stability: number) => {
      const card = (await t.request('POST', '/api/flashcards', { token, body: { question: 'q', answer: 'a', deckId } }))
        .body;
      await t.db.db.update(flashcards).set({ stability, state: 2 }).where(eq(flashcards.id, card.id));
      return card.id as string;
    };
    await add(bio.id, 21);
    await add(cells.id, 40);
    await add(cells.id, 20.9);
    const suspended = await add(cells.id, 50);
    await t.request('POST', '/api/flashcards/bulk', { token, body: { ids: [suspended], action: 'suspend' } });
    await t.request('POST', '/api/flashcards', { token, body: { question: 'new', answer: 'card' } });

    const o = await dashboardOverview({ db: t.db.db, userId: l.id, now: new Date() });
    expect(o.topics).toEqual([
      { subject: 'Biology', mastered: 2, pending: 1 },
      { subject: 'My Flashcards', mastered: 0, pending: 1 },
    ]);
  });
});
