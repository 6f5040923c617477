import { z } from 'zod';
import { QUESTION_MAX } from './knowledge-tests';

export const TYPE_A_QUESTION = 'Please type a question';

export const ZAskBody = z.object({
  question: z
    .string({ error: TYPE_A_QUESTION })
    .refine((v) => v.trim().length > 0, TYPE_A_QUESTION)
    .refine(
      (v) => v.trim().length <= QUESTION_MAX,
      `The question must be at most ${QUESTION_MAX.toLocaleString('en-US')} characters`,
    ),
});
export type TAskBody = z.infer<typeof ZAskBody>;
export const ZAgentAnswer = z.object({ answer: z.string() });

export const ZAiStatus = z.object({ provider: z.enum(['builtin', 'gemini', 'openai']), model: z.string() });
export type TAiStatus = z.infer<typeof ZAiStatus>;
