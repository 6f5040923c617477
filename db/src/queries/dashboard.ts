import { and, asc, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import {
  decks,
  flashcardPractice,
  flashcardReviews,
  flashcards,
  knowledgeTests,
  studyDays,
  studySessions,
  testSubmissions,
} from '../schema';

// Every aggregate is grouped by the learner's calendar day, computed by the database in their zone.
const localDay = (column: unknown, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/** Per day: reviews, time on cards (each capped at a minute), how many were remembered, the last one. */
export const dailyReviews = (db: DbOrTx, userId: string, sinceDay: string) =>
  db
    .select({
      day: studyDays.day,
      reviews: studyDays.reviews,
      ms: studyDays.reviewMs,
      remembered: studyDays.remembered,
      last: studyDays.lastReviewAt,
    })
    .from(studyDays)
    .where(and(eq(studyDays.userId, userId), gte(studyDays.day, sinceDay)));

/** Per learner day: cards practised ahead ("Study ahead") and their minutes, capped as reviews are. */
export const dailyPractice = (db: DbOrTx, userId: string, timeZone: string, since: Date) =>
  db
    .select({
      day: localDay(flashcardPractice.practicedAt, timeZone),
      practised: sql<number>`count(*)`.mapWith(Number),
      ms: sql<number>`coalesce(sum(least(${flashcardPractice.durationMs}, 60000)), 0)`.mapWith(Number),
    })
    .from(flashcardPractice)
    .where(and(eq(flashcardPractice.userId, userId), gte(flashcardPractice.practicedAt, since)))
    .groupBy(sql`1`);

/**
 * Recomputes the study-day rollup from the review log: one day (after an undo), or all of a
 * learner's days (their time zone changed, so every day boundary moved).
 */
export async function rebuildStudyDays(
  db: DbOrTx,
  userId: string,
  timeZone: string,
  only?: { day: string; start: Date; end: Date },
) {
  await db.delete(studyDays).where(and(eq(studyDays.userId, userId), only ? eq(studyDays.day, only.day) : undefined));
  const inRange = only
    ? sql`and ${flashcardReviews.reviewedAt} >= ${only.start.toISOString()}::timestamptz and ${flashcardReviews.reviewedAt} < ${only.end.toISOString()}::timestamptz`
    : sql``;
  // The day's figures from the log, in one statement: remembered is a rating above Again and a
  // review counts at most a minute, as api/src/lib/scheduling/schedule.ts decides them when a review is written.
  await db.execute(sql`
    insert into ${studyDays} (user_id, day, reviews, review_ms, remembered, last_review_at)
    select ${userId}::uuid, to_char(${flashcardReviews.reviewedAt} at time zone ${timeZone}, 'YYYY-MM-DD'), count(*),
      coalesce(sum(least(${flashcardReviews.durationMs}, 60000)), 0), count(*) filter (where ${flashcardReviews.rating} > 1),
      max(${flashcardReviews.reviewedAt})
    from ${flashcardReviews}
    where ${flashcardReviews.userId} = ${userId}::uuid ${inRange}
    group by 2`);
}

// A session counts on the day it was done: its planned time, unless it was marked done before that.
const sessionDoneAt = sql`least(${studySessions.scheduledAt}, ${studySessions.completedAt})`;

/** Per day: completed sessions and their minutes. */
export const dailyCompletedSessions = (db: DbOrTx, userId: string, timeZone: string, since: Date) =>
  db
    .select({
      day: localDay(sessionDoneAt, timeZone),
      sessions: sql<number>`count(*)`.mapWith(Number),
      minutes: sql<number>`coalesce(sum(${studySessions.durationMinutes}), 0)`.mapWith(Number),
    })
    .from(studySessions)
    .where(
      and(
        eq(studySessions.userId, userId),
        isNotNull(studySessions.completedAt),
        gte(studySessions.completedAt, since),
      ),
    )
    .groupBy(sql`1`);

/**
 * What was studied between two instants (the part of yesterday up to this time of day): reviews,
 * their time and practice time (each card capped at a minute, as the daily figures are), and the
 * minutes of sessions done then.
 */
export async function studyBetween(db: DbOrTx, userId: string, start: Date, end: Date) {
  const capped = (ms: unknown) => sql<number>`coalesce(sum(least(${ms}, 60000)), 0)`.mapWith(Number);
  const [[reviews], [practice], [sessions]] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number), ms: capped(flashcardReviews.durationMs) })
      .from(flashcardReviews)
      .where(
        and(
          eq(flashcardReviews.userId, userId),
          gte(flashcardReviews.reviewedAt, start),
          lt(flashcardReviews.reviewedAt, end),
        ),
      ),
    db
      .select({ ms: capped(flashcardPractice.durationMs) })
      .from(flashcardPractice)
      .where(
        and(
          eq(flashcardPractice.userId, userId),
          gte(flashcardPractice.practicedAt, start),
          lt(flashcardPractice.practicedAt, end),
        ),
      ),
    db
      .select({ minutes: sql<number>`coalesce(sum(${studySessions.durationMinutes}), 0)`.mapWith(Number) })
      .from(studySessions)
      .where(
        and(
          eq(studySessions.userId, userId),
          isNotNull(studySessions.completedAt),
          sql`${sessionDoneAt} >= ${start.toISOString()}::timestamptz and ${sessionDoneAt} < ${end.toISOString()}::timestamptz`,
        ),
      ),
  ]);
  return {
    reviews: reviews?.count ?? 0,
    minutes: ((reviews?.ms ?? 0) + (practice?.ms ?? 0)) / 60_000 + (sessions?.minutes ?? 0),
  };
}

/** Days on which any session was planned (done or not). */
export const plannedDays = (db: DbOrTx, userId: string, timeZone: string, since: Date) =>
  db
    .selectDistinct({ day: localDay(studySessions.scheduledAt, timeZone) })
    .from(studySessions)
    .where(and(eq(studySessions.userId, userId), gte(studySessions.scheduledAt, since)));

export const dailySubmissions = (db: DbOrTx, userId: string, timeZone: string, since: Date) =>
  db
    .select({ day: localDay(testSubmissions.createdAt, timeZone), submissions: sql<number>`count(*)`.mapWith(Number) })
    .from(testSubmissions)
    .where(and(eq(testSubmissions.userId, userId), gte(testSubmissions.createdAt, since)))
    .groupBy(sql`1`);

export const dailyCardsAdded = (db: DbOrTx, userId: string, timeZone: string, since: Date) =>
  db
    .select({
      day: localDay(flashcards.createdAt, timeZone),
      added: sql<number>`count(*)`.mapWith(Number),
      last: sql<Date>`max(${flashcards.createdAt})`.mapWith(flashcards.createdAt),
    })
    .from(flashcards)
    .where(and(eq(flashcards.userId, userId), gte(flashcards.createdAt, since)))
    .groupBy(sql`1`);

export const recentSubmissions = (db: DbOrTx, userId: string, limit: number) =>
  db
    .select({
      name: knowledgeTests.name,
      score: testSubmissions.score,
      at: testSubmissions.createdAt,
      answers: testSubmissions.answers,
    })
    .from(testSubmissions)
    .innerJoin(knowledgeTests, eq(knowledgeTests.id, testSubmissions.testId))
    .where(eq(testSubmissions.userId, userId))
    .orderBy(desc(testSubmissions.createdAt))
    .limit(limit);

export const recentCompletedSessions = (db: DbOrTx, userId: string, limit: number) =>
  db
    .select({ title: studySessions.title, minutes: studySessions.durationMinutes, at: studySessions.completedAt })
    .from(studySessions)
    .where(and(eq(studySessions.userId, userId), isNotNull(studySessions.completedAt)))
    .orderBy(desc(studySessions.completedAt))
    .limit(limit);

/**
 * Per subject, a subject being a top-level deck ("Biology" holds "Biology::Cells"): its cards
 * mastered (stability of at least `masteredDays`) and still pending. Suspended cards are
 * left out, as they are out of study.
 */
export const subjectProgress = (db: DbOrTx, userId: string, masteredDays: number) => {
  const subject = sql<string>`split_part(${decks.name}, '::', 1)`;
  return db
    .select({
      subject,
      mastered: sql<number>`count(*) filter (where ${flashcards.stability} >= ${masteredDays})`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${flashcards.stability} < ${masteredDays})`.mapWith(Number),
    })
    .from(flashcards)
    .innerJoin(decks, eq(decks.id, flashcards.deckId))
    .where(and(eq(flashcards.userId, userId), eq(flashcards.suspended, false)))
    .groupBy(sql`1`)
    .orderBy(sql`count(*) desc`, sql`1`)
    .limit(12);
};

/** Milestones, each the moment it was reached (or null). */
export async function milestones(db: DbOrTx, userId: string) {
  const nthReview = (n: number) =>
    db
      .select({ at: flashcardReviews.reviewedAt })
      .from(flashcardReviews)
      .where(eq(flashcardReviews.userId, userId))
      .orderBy(asc(flashcardReviews.reviewedAt))
      .offset(n - 1)
      .limit(1);
  const [[totals], [firstCard], [hundredth], [thousandth], [perfect]] = await Promise.all([
    db
      .select({
        reviews:
          sql<number>`(select count(*) from ${flashcardReviews} where ${flashcardReviews.userId} = ${userId})`.mapWith(
            Number,
          ),
        cards: sql<number>`(select count(*) from ${flashcards} where ${flashcards.userId} = ${userId})`.mapWith(Number),
      })
      .from(sql`(select 1) as one`),
    db
      .select({ at: flashcards.createdAt })
      .from(flashcards)
      .where(eq(flashcards.userId, userId))
      .orderBy(asc(flashcards.createdAt))
      .limit(1),
    nthReview(100),
    nthReview(1000),
    // A test's first submission only: a retake after seeing the answers proves nothing.
    db
      .select({ at: testSubmissions.createdAt })
      .from(testSubmissions)
      .where(
        and(
          eq(testSubmissions.userId, userId),
          eq(testSubmissions.score, 100),
          sql`not exists (select 1 from ${testSubmissions} as earlier
            where earlier.test_id = ${testSubmissions.testId} and earlier.user_id = ${testSubmissions.userId}
              and (earlier.created_at, earlier.id) < (${testSubmissions.createdAt}, ${testSubmissions.id}))`,
        ),
      )
      .orderBy(asc(testSubmissions.createdAt))
      .limit(1),
  ]);
  return {
    totalReviews: totals?.reviews ?? 0,
    totalCards: totals?.cards ?? 0,
    firstCardAt: firstCard?.at ?? null,
    hundredthReviewAt: hundredth?.at ?? null,
    thousandthReviewAt: thousandth?.at ?? null,
    perfectScoreAt: perfect?.at ?? null,
  };
}

/**
 * Was any card due, and left waiting, during [start, end)? On a day without reviews a card's due
 * date is the one its next review found (the log keeps it), or its current one.
 */
export async function anythingDueBetween(db: DbOrTx, userId: string, start: Date, end: Date): Promise<boolean> {
  const dueThen = sql`coalesce((
      select ${flashcardReviews.due} from ${flashcardReviews}
      where ${flashcardReviews.cardId} = ${flashcards.id} and ${flashcardReviews.reviewedAt} >= ${start.toISOString()}::timestamptz
      order by ${flashcardReviews.reviewedAt} limit 1
    ), ${flashcards.due})`;
  const [row] = await db
    .select({ id: flashcards.id })
    .from(flashcards)
    .where(
      and(
        eq(flashcards.userId, userId),
        lt(flashcards.createdAt, end),
        sql`${dueThen} < ${end.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
