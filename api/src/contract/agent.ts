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

/**
 * The agent's answer as server-sent events (asked for with `Accept: text/event-stream`): `delta`
 * pieces as they come, then `done` with the whole answer, or `error` when it failed midway.
 */
export const ZAgentStreamEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('done'), data: ZAgentAnswer }),
  z.object({ event: z.literal('error'), data: z.object({ error: z.string() }) }),
]);
export type TAgentStreamEvent = z.infer<typeof ZAgentStreamEvent>;

export const ZAiStatus = z.object({ provider: z.enum(['builtin', 'gemini', 'openai']), model: z.string() });
export type TAiStatus = z.infer<typeof ZAiStatus>;
