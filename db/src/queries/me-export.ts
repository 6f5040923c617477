import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import {
  decks,
  flashcardPractice,
  flashcardReviews,
  flashcards,
  knowledgeTests,
  media,
  roomCards,
  rooms,
  studySessions,
  testQuestions,
  testSubmissions,
  users,
} from '../schema';

/**
 * Everything a learner owns, for "download my data": their account's settings, decks, cards,
 * reviews, practice, images (named, not their bytes), sessions, tests with their questions and
 * submissions, and the rooms they host with the rooms' cards. Secrets (password hash, the
 * calendar feed's secret) are left out.
 */
export async function exportLearnerData(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      timeZone: users.timeZone,
      weeklyGoalMinutes: users.weeklyGoalMinutes,
      newCardsPerDay: users.newCardsPerDay,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const tests = await db
    .select()
    .from(knowledgeTests)
    .where(eq(knowledgeTests.userId, userId))
    .orderBy(asc(knowledgeTests.createdAt));
  const testIds = tests.map((x) => x.id);
  const hosted = await db.select().from(rooms).where(eq(rooms.hostId, userId)).orderBy(asc(rooms.createdAt));
  const roomIds = hosted.map((r) => r.id);
  // The search vector is derived from the text: not the learner's data.
  const { search: _search, ...cardColumns } = getTableColumns(flashcards);
  // The tests' questions and submissions: nothing to ask for without tests.
  const ofTests = async <T>(rows: () => Promise<T[]>): Promise<T[]> => (testIds.length ? rows() : []);
  const questions = await ofTests(() =>
    db.select().from(testQuestions).where(inArray(testQuestions.testId, testIds)).orderBy(asc(testQuestions.position)),
  );
  const submissions = await ofTests(() =>
    db
      .select()
      .from(testSubmissions)
      .where(inArray(testSubmissions.testId, testIds))
      .orderBy(asc(testSubmissions.createdAt)),
  );
  return {
    user,
    decks: await db.select().from(decks).where(eq(decks.userId, userId)).orderBy(asc(decks.name)),
    cards: await db
      .select(cardColumns)
      .from(flashcards)
      .where(eq(flashcards.userId, userId))
      .orderBy(asc(flashcards.createdAt)),
    reviews: await db
      .select()
      .from(flashcardReviews)
      .where(eq(flashcardReviews.userId, userId))
      .orderBy(asc(flashcardReviews.reviewedAt)),
    practice: await db
      .select()
      .from(flashcardPractice)
      .where(eq(flashcardPractice.userId, userId))
      .orderBy(asc(flashcardPractice.practicedAt)),
    media: await db
      .select({ name: media.name, mime: media.mime, size: media.size, createdAt: media.createdAt })
      .from(media)
      .where(eq(media.userId, userId)),
    sessions: await db
      .select()
      .from(studySessions)
      .where(eq(studySessions.userId, userId))
      .orderBy(asc(studySessions.scheduledAt)),
    tests: tests.map((test) => ({
      ...test,
      questions: questions.filter((q) => q.testId === test.id),
      submissions: submissions.filter((x) => x.testId === test.id),
    })),
    rooms: hosted,
    roomCards: roomIds.length
      ? await db.select().from(roomCards).where(inArray(roomCards.roomId, roomIds)).orderBy(asc(roomCards.createdAt))
      : [],
  };
}
