import { z } from 'zod';

export const ENTER_TEXT = 'Please enter some text first!';
export const GENERATED_CARDS = 3;

export const ZGenerateBody = z.object({
  // The length cap is checked by the service so it can answer 413, not 400.
  text: z.string({ error: ENTER_TEXT }).refine((v) => v.trim().length > 0, ENTER_TEXT),
});
export type TGenerateBody = z.infer<typeof ZGenerateBody>;

export const ZGenerated = z.object({
  added: z.number(),
  /** Saved to the learner's deck; `id` is the flashcard's, for editing or removing it there. */
  cards: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })),
});
export type TGenerated = z.infer<typeof ZGenerated>;
