import { z } from 'zod';

/** Caps from the AI issue: a passage, and anything else a learner types for the model. */
export const PASSAGE_MAX = 20_000;
export const QUESTION_MAX = 2_000;
export const REQUESTED_DEFAULT = 6;
export const REQUESTED_MAX = 20;
export const NAME_AND_TEXT = 'Please enter name and paste the text.';

const required = z.string({ error: NAME_AND_TEXT }).refine((v) => v.trim().length > 0, NAME_AND_TEXT);

export const ZCreateTestBody = z.object({
  name: required.refine((v) => v.trim().length <= 200, 'The test name must be at most 200 characters'),
  // The length cap is checked by the service so it can answer 413, not 400.
  text: required,
  requested: z
    .number({ error: 'requested must be a number' })
    .int('requested must be a whole number')
    .min(1, 'requested must be at least 1')
    .max(REQUESTED_MAX, `requested must be at most ${REQUESTED_MAX}`)
    .default(REQUESTED_DEFAULT),
});
export type TCreateTestBody = z.input<typeof ZCreateTestBody>;

export const ZCreatedTest = z.object({ id: z.string() });

export const ZTestSummary = z.object({
  id: z.string(),
  name: z.string(),
  questionCount: z.number(),
  createdAt: z.string(),
});
export type TTestSummary = z.infer<typeof ZTestSummary>;

export const ZSubmittedAnswer = z.object({
  qId: z.string(),
  selectedIndex: z.number(),
  correct: z.boolean(),
  correctIndex: z.number(),
  prompt: z.string(),
  /** Present once the learner asked for the mistakes to be explained. */
  explanation: z.string().optional(),
});
export type TSubmittedAnswer = z.infer<typeof ZSubmittedAnswer>;

export const ZSubmission = z.object({
  id: z.string(),
  score: z.number(),
  answers: z.array(ZSubmittedAnswer),
  createdAt: z.string(),
});
export type TSubmission = z.infer<typeof ZSubmission>;

export const ZTestQuestion = z.object({ id: z.string(), prompt: z.string(), choices: z.array(z.string()) });
export type TTestQuestion = z.infer<typeof ZTestQuestion>;

export const ZTestDetail = z.object({
  id: z.string(),
  name: z.string(),
  sourceText: z.string(),
  /** Correct answers are never here: they come with a submission. */
  questions: z.array(ZTestQuestion),
  /** Oldest first; the last one is the latest. */
  results: z.array(ZSubmission),
});
export type TTestDetail = z.infer<typeof ZTestDetail>;

export const ZQuestionParams = z.object({ id: z.uuid({ error: 'Not found' }), qId: z.uuid({ error: 'Not found' }) });

export const ZSubmitBody = z.object({
  // The token decides who submits; the spec's client sends null here.
  userId: z.unknown().optional(),
  answers: z
    .array(
      z.object({
        qId: z.string({ error: 'Each answer needs a qId' }),
        selectedIndex: z
          .number({ error: 'selectedIndex must be a number' })
          .int('selectedIndex must be a whole number')
          .min(-1, 'selectedIndex is -1 (unanswered) or a choice index'),
      }),
      { error: 'answers must be a list' },
    )
    .max(100, 'Too many answers'),
});
export type TSubmitBody = z.infer<typeof ZSubmitBody>;

export const ZJustifyBody = z.object({
  /** Empty: every mistake of the latest submission. */
  qIds: z.array(z.string()).max(100).default([]),
  contextNotes: z
    .string()
    .max(QUESTION_MAX, `Context notes must be at most ${QUESTION_MAX.toLocaleString('en-US')} characters`)
    .default(''),
});
export type TJustifyBody = z.input<typeof ZJustifyBody>;

export const ZJustifications = z.object({
  justifications: z.array(z.object({ qId: z.string(), explanation: z.string() })),
});
export type TJustifications = z.infer<typeof ZJustifications>;

export const ZShareParams = z.object({ shareId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not found') });
export const ZShareLink = z.object({ shareId: z.string() });
export const ZSharedTest = z.object({ name: z.string(), questionCount: z.number() });
export type TSharedTest = z.infer<typeof ZSharedTest>;
