import { z } from 'zod';

export const IMPORT_MAX_CARDS = 5000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** CSV (`question,answer`) or tab-separated text (Anki's "notes in plain text"), as pasted or read from a file. */
export const ZImportBody = z.object({
  content: z
    .string({ error: 'Paste or upload the cards to import' })
    .refine((v) => v.trim().length > 0, 'Paste or upload the cards to import'),
  /** Cards whose question is already in the deck (or earlier in the file) are skipped unless false. */
  skipDuplicates: z.boolean().optional().default(true),
  /** The deck the cards go into; none: the learner's default deck. */
  deckId: z.uuid({ error: 'deckId must be a deck id' }).optional(),
});
export type TImportBody = z.infer<typeof ZImportBody>;

export const ZImportPreview = z.object({
  format: z.enum(['csv', 'tsv']),
  rows: z.array(z.object({ question: z.string(), answer: z.string(), duplicate: z.boolean() })),
  count: z.number(),
  duplicateCount: z.number(),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;

export const ZImportResult = z.object({ added: z.number(), skipped: z.number() });
export type TImportResult = z.infer<typeof ZImportResult>;
