import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { knowledgeTests, type SubmittedAnswer, testQuestions, testSubmissions } from '../schema';

export type KnowledgeTestRow = typeof knowledgeTests.$inferSelect;
export type TestQuestionRow = typeof testQuestions.$inferSelect;
export type TestSubmissionRow = typeof testSubmissions.$inferSelect;
export type NewTestQuestion = Omit<typeof testQuestions.$inferInsert, 'testId' | 'id'>;

/** A test and its questions, in one go; call inside a transaction so nothing is half-saved. */
export async function insertTestWithQuestions(
  db: DbOrTx,
  test: { userId: string; name: string; sourceText: string },
  questions: NewTestQuestion[],
): Promise<KnowledgeTestRow> {
  const [row] = await db.insert(knowledgeTests).values(test).returning();
  const saved = row as KnowledgeTestRow;
  if (questions.length) await db.insert(testQuestions).values(questions.map((q) => ({ ...q, testId: saved.id })));
  return saved;
}

/** The learner's tests with their question counts, newest first. */
export const listTestSummaries = (db: DbOrTx, userId: string) =>
  db
    .select({
      id: knowledgeTests.id,
      name: knowledgeTests.name,
      createdAt: knowledgeTests.createdAt,
      questionCount: count(testQuestions.id),
    })
    .from(knowledgeTests)
    .leftJoin(testQuestions, and(eq(testQuestions.testId, knowledgeTests.id), isNull(testQuestions.flaggedAt)))
    .where(eq(knowledgeTests.userId, userId))
    .groupBy(knowledgeTests.id)
    .orderBy(desc(knowledgeTests.createdAt), desc(knowledgeTests.id));

export const findOwnedTest = async (db: DbOrTx, userId: string, id: string): Promise<KnowledgeTestRow | undefined> => {
  const [row] = await db
    .select()
    .from(knowledgeTests)
    .where(and(eq(knowledgeTests.id, id), eq(knowledgeTests.userId, userId)))
    .limit(1);
  return row;
};

export const findTestByShareId = async (db: DbOrTx, shareId: string): Promise<KnowledgeTestRow | undefined> => {
  const [row] = await db.select().from(knowledgeTests).where(eq(knowledgeTests.shareId, shareId)).limit(1);
  return row;
};

/** The test's questions, in order; a question marked wrong has left the test. */
export const listTestQuestions = (db: DbOrTx, testId: string): Promise<TestQuestionRow[]> =>
  db
    .select()
    .from(testQuestions)
    .where(and(eq(testQuestions.testId, testId), isNull(testQuestions.flaggedAt)))
    .orderBy(asc(testQuestions.position));

/** Marks a question of the test wrong; false when the test holds no such question still in it. */
export const flagTestQuestion = async (db: DbOrTx, testId: string, questionId: string, at: Date): Promise<boolean> => {
  const rows = await db
    .update(testQuestions)
    .set({ flaggedAt: at })
    .where(and(eq(testQuestions.id, questionId), eq(testQuestions.testId, testId), isNull(testQuestions.flaggedAt)))
    .returning({ id: testQuestions.id });
  return rows.length > 0;
};

/** Whether the test holds this question, marked wrong already. */
export const isFlaggedQuestion = async (db: DbOrTx, testId: string, questionId: string): Promise<boolean> => {
  const rows = await db
    .select({ id: testQuestions.id })
    .from(testQuestions)
    .where(and(eq(testQuestions.id, questionId), eq(testQuestions.testId, testId), isNotNull(testQuestions.flaggedAt)));
  return rows.length > 0;
};

/** Every submission of a test (all takers), for scoring them again. */
export const listTestSubmissions = (db: DbOrTx, testId: string): Promise<TestSubmissionRow[]> =>
  db.select().from(testSubmissions).where(eq(testSubmissions.testId, testId));

export const rescoreSubmission = (db: DbOrTx, submissionId: string, score: number, answers: SubmittedAnswer[]) =>
  db.update(testSubmissions).set({ score, answers }).where(eq(testSubmissions.id, submissionId));

/** Questions learners marked wrong, of all questions made: the engine's count of wrong questions. */
export const countFlaggedQuestions = async (db: DbOrTx): Promise<{ flagged: number; questions: number }> => {
  const [row] = await db
    .select({ flagged: count(testQuestions.flaggedAt), questions: count(testQuestions.id) })
    .from(testQuestions);
  return { flagged: Number(row?.flagged ?? 0), questions: Number(row?.questions ?? 0) };
};

/** Oldest first: the last one is the latest. */
export const listSubmissions = (db: DbOrTx, testId: string, userId: string): Promise<TestSubmissionRow[]> =>
  db
    .select()
    .from(testSubmissions)
    .where(and(eq(testSubmissions.testId, testId), eq(testSubmissions.userId, userId)))
    .orderBy(asc(testSubmissions.createdAt), asc(testSubmissions.id));

export const latestSubmission = async (
  db: DbOrTx,
  testId: string,
  userId: string,
): Promise<TestSubmissionRow | undefined> => {
  const [row] = await db
    .select()
    .from(testSubmissions)
    .where(and(eq(testSubmissions.testId, testId), eq(testSubmissions.userId, userId)))
    .orderBy(desc(testSubmissions.createdAt), desc(testSubmissions.id))
    .limit(1);
  return row;
};

export const insertSubmission = async (
  db: DbOrTx,
  row: { testId: string; userId: string; score: number; answers: SubmittedAnswer[] },
): Promise<TestSubmissionRow> => {
  const [saved] = await db.insert(testSubmissions).values(row).returning();
  return saved as TestSubmissionRow;
};

export const saveSubmissionAnswers = (db: DbOrTx, submissionId: string, answers: SubmittedAnswer[]) =>
  db.update(testSubmissions).set({ answers }).where(eq(testSubmissions.id, submissionId));

export const deleteOwnedTest = async (db: DbOrTx, userId: string, id: string): Promise<boolean> => {
  const rows = await db
    .delete(knowledgeTests)
    .where(and(eq(knowledgeTests.id, id), eq(knowledgeTests.userId, userId)))
    .returning({ id: knowledgeTests.id });
  return rows.length > 0;
};

export const setTestShareId = (db: DbOrTx, id: string, shareId: string) =>
  db.update(knowledgeTests).set({ shareId }).where(eq(knowledgeTests.id, id));

/** The source texts of the learner's tests, newest first: material the agent may answer from. */
export const listTestPassages = (db: DbOrTx, userId: string, limit: number) =>
  db
    .select({ id: knowledgeTests.id, name: knowledgeTests.name, sourceText: knowledgeTests.sourceText })
    .from(knowledgeTests)
    .where(eq(knowledgeTests.userId, userId))
    .orderBy(desc(knowledgeTests.createdAt))
    .limit(limit);
