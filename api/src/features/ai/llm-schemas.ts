import { z } from 'zod';

/** Shapes the models must answer with; refinements are checked after parsing (and repaired once). */

export const questionsSchema = (count: number) =>
  z.object({
    questions: z
      .array(
        z.object({
          prompt: z.string().min(1),
          choices: z.array(z.string().min(1)).length(4),
          correctIndex: z.number().int().min(0).max(3),
          supportingSentence: z.string().min(1),
        }),
      )
      .min(1)
      .max(count),
  });

/** Rules a JSON schema cannot say; the first one broken is named in the repair request. */
export function questionRuleBroken(qs: { choices: string[]; supportingSentence: string }[]): string | null {
  if (!qs.every((q) => new Set(q.choices.map((c) => c.trim().toLowerCase())).size === 4)) {
    return 'some question has two identical choices';
  }
  if (new Set(qs.map((q) => q.supportingSentence.trim())).size !== qs.length) {
    return 'two questions come from the same sentence';
  }
  return null;
}

export const explainSchema = z.object({
  justifications: z.array(z.object({ qId: z.string(), explanation: z.string().min(1) })),
});

export const cardsSchema = (count: number) =>
  z.object({
    cards: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).length(count),
  });

export const coachSchema = z.object({ message: z.string().min(1) });

/** JSON Schema for the wire (Gemini's responseJsonSchema, OpenAI's json_schema). */
export function wireSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}
