import { randomBytes } from 'node:crypto';
import {
  type Db,
  type DbOrTx,
  deleteOwnedTest,
  findOwnedTest,
  findTestByShareId,
  flagTestQuestion,
  insertSubmission,
  insertTestWithQuestions,
  isFlaggedQuestion,
  type KnowledgeTestRow,
  latestSubmission,
  listSubmissions,
  listTestQuestions,
  listTestSubmissions,
  listTestSummaries,
  rescoreSubmission,
  saveSubmissionAnswers,
  setTestShareId,
  type TestSubmissionRow,
} from '@learnboost/db';
import type { TJustifications, TSharedTest, TSubmission, TSubmitBody, TTestDetail, TTestSummary } from '../../contract';
import { AppError } from '../../lib/errors';
import { checkPassageSize } from '../../lib/passage-size';
import { aiFailure } from '../ai/call-signal';
import type { AiProvider, Mistake } from '../ai/provider';

const NOT_FOUND = 'Test not found';

type Ctx = { db: Db; userId: string };
type TestCtx = Ctx & { testId: string };
type AiCtx = Ctx & { ai: AiProvider; signal: AbortSignal };

async function ownedTest({ db, userId, testId }: TestCtx): Promise<KnowledgeTestRow> {
  const test = await findOwnedTest(db, userId, testId);
  // 404, not 403: another learner's test is never revealed.
  if (!test) throw new AppError(404, NOT_FOUND);
  return test;
}

const toSubmission = (s: TestSubmissionRow): TSubmission => ({
  id: s.id,
  score: s.score,
  answers: s.answers,
  createdAt: s.createdAt.toISOString(),
});

export async function createTest(
  input: AiCtx & { name: string; text: string; requested: number },
): Promise<{ id: string }> {
  checkPassageSize(input.text);
  let drafts: Awaited<ReturnType<AiProvider['questions']>>;
  try {
    drafts = await input.ai.questions(input.text, input.requested, { signal: input.signal });
  } catch (err) {
    throw aiFailure(err, input.signal);
  }
  if (drafts.length < input.requested) {
    const n = drafts.length;
    throw new AppError(
      422,
      n === 0
        ? 'This text is too short to make any question from: paste a longer passage'
        : `This text supports only ${n} question${n === 1 ? '' : 's'}: ask for ${n} or paste a longer passage`,
    );
  }
  // The test and its questions land together or not at all.
  const test = await input.db.transaction((tx) =>
    insertTestWithQuestions(
      tx,
      { userId: input.userId, name: input.name.trim(), sourceText: input.text },
      drafts.slice(0, input.requested).map((q, position) => ({ ...q, position })),
    ),
  );
  return { id: test.id };
}

export async function listTests({ db, userId }: Ctx): Promise<TTestSummary[]> {
  const rows = await listTestSummaries(db, userId);
  return rows.map((r) => ({ ...r, questionCount: Number(r.questionCount), createdAt: r.createdAt.toISOString() }));
}

export async function getTest(ctx: TestCtx): Promise<TTestDetail> {
  const test = await ownedTest(ctx);
  const [questions, results] = await Promise.all([
    listTestQuestions(ctx.db, test.id),
    listSubmissions(ctx.db, test.id, ctx.userId),
  ]);
  return {
    id: test.id,
    name: test.name,
    sourceText: test.sourceText,
    questions: questions.map((q) => ({ id: q.id, prompt: q.prompt, choices: q.choices })),
    results: results.map(toSubmission),
  };
}

export async function submitTest(ctx: TestCtx & Pick<TSubmitBody, 'answers'>): Promise<TSubmission> {
  const test = await ownedTest(ctx);
  const questions = await listTestQuestions(ctx.db, test.id);
  const chosen = new Map<string, number>();
  for (const a of ctx.answers) {
    const q = questions.find((x) => x.id === a.qId);
    if (!q) throw new AppError(400, 'An answer names a question that is not in this test');
    if (a.selectedIndex >= q.choices.length) throw new AppError(400, 'selectedIndex is past the last choice');
    chosen.set(a.qId, a.selectedIndex);
  }
  // A question with no answer counts as unanswered (-1), which is wrong.
  const answers = questions.map((q) => {
    const selectedIndex = chosen.get(q.id) ?? -1;
    return {
      qId: q.id,
      selectedIndex,
      correct: selectedIndex === q.correctIndex,
      correctIndex: q.correctIndex,
      prompt: q.prompt,
    };
  });
  return toSubmission(
    await insertSubmission(ctx.db, { testId: test.id, userId: ctx.userId, score: scoreOf(answers), answers }),
  );
}

/** The share of questions answered right, in percent, over the questions the test still holds. */
const scoreOf = (answers: { correct: boolean }[]) =>
  answers.length ? Math.round((answers.filter((a) => a.correct).length / answers.length) * 100) : 0;

/**
 * "This question is wrong": the question leaves the test (kept, marked, to be counted), and every
 * result of the test is scored again without it, in one transaction. Marking it twice is no error.
 */
export async function flagQuestion(ctx: TestCtx & { questionId: string; now?: Date }): Promise<TTestDetail> {
  const test = await ownedTest(ctx);
  await ctx.db.transaction(async (tx) => {
    if (!(await flagTestQuestion(tx, test.id, ctx.questionId, ctx.now ?? new Date()))) {
      if (!(await isFlaggedQuestion(tx, test.id, ctx.questionId))) throw new AppError(404, 'Question not found');
      return;
    }
    for (const s of await listTestSubmissions(tx, test.id)) {
      const answers = s.answers.filter((a) => a.qId !== ctx.questionId);
      await rescoreSubmission(tx, s.id, scoreOf(answers), answers);
    }
  });
  return getTest(ctx);
}

export async function justify(
  ctx: AiCtx & TestCtx & { qIds: string[]; contextNotes: string },
): Promise<TJustifications> {
  const test = await ownedTest(ctx);
  const [questions, last] = await Promise.all([
    listTestQuestions(ctx.db, test.id),
    latestSubmission(ctx.db, test.id, ctx.userId),
  ]);
  if (!last) throw new AppError(409, 'No submission found');
  for (const qId of ctx.qIds) {
    if (!questions.some((q) => q.id === qId))
      throw new AppError(400, 'A qId names a question that is not in this test');
  }
  const wanted = ctx.qIds.length
    ? new Set(ctx.qIds)
    : new Set(last.answers.filter((a) => !a.correct).map((a) => a.qId));
  const mistakes: Mistake[] = questions
    .filter((q) => wanted.has(q.id))
    .map((q) => ({
      qId: q.id,
      prompt: q.prompt,
      choices: q.choices,
      correctIndex: q.correctIndex,
      selectedIndex: last.answers.find((a) => a.qId === q.id)?.selectedIndex ?? -1,
      supportingSentence: q.supportingSentence,
    }));
  if (mistakes.length === 0) return { justifications: [] };
  try {
    const justifications = await ctx.ai.explain(
      { passage: test.sourceText, mistakes, contextNotes: ctx.contextNotes },
      { signal: ctx.signal },
    );
    // Kept with the submission, so the Knowledge Gap shows them again when it is reopened.
    const byQ = new Map(justifications.map((j) => [j.qId, j.explanation]));
    await saveSubmissionAnswers(
      ctx.db,
      last.id,
      last.answers.map((a) => (byQ.has(a.qId) ? { ...a, explanation: byQ.get(a.qId) } : a)),
    );
    return { justifications };
  } catch (err) {
    throw aiFailure(err, ctx.signal);
  }
}

export async function deleteTest({ db, userId, testId }: TestCtx): Promise<void> {
  if (!(await deleteOwnedTest(db, userId, testId))) throw new AppError(404, NOT_FOUND);
}

/** A share id, made once per test: the link never exposes the test's own id. */
export async function shareTest(ctx: TestCtx): Promise<{ shareId: string }> {
  const test = await ownedTest(ctx);
  if (test.shareId) return { shareId: test.shareId };
  const shareId = randomBytes(12).toString('base64url');
  await setTestShareId(ctx.db, test.id, shareId);
  return { shareId };
}

async function sharedTest(db: DbOrTx, shareId: string): Promise<KnowledgeTestRow> {
  const test = await findTestByShareId(db, shareId);
  if (!test) throw new AppError(404, 'This shared test does not exist (any more)');
  return test;
}

export async function previewShared({ db, shareId }: { db: Db; shareId: string }): Promise<TSharedTest> {
  const test = await sharedTest(db, shareId);
  return { name: test.name, questionCount: (await listTestQuestions(db, test.id)).length };
}

/** "Take this test": a copy of the questions in the learner's own account (their own results). */
export async function takeShared({ db, userId, shareId }: Ctx & { shareId: string }): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const test = await sharedTest(tx, shareId);
    const questions = await listTestQuestions(tx, test.id);
    const copy = await insertTestWithQuestions(
      tx,
      { userId, name: test.name, sourceText: test.sourceText },
      questions.map(({ position, prompt, choices, correctIndex, supportingSentence }) => ({
        position,
        prompt,
        choices,
        correctIndex,
        supportingSentence,
      })),
    );
    return { id: copy.id };
  });
}
