import { z } from 'zod';

/** One Anki package upload: 200 MB; beyond, 413. */
export const ANKI_MAX_BYTES = 200 * 1024 * 1024;

const ZSampleCard = z.object({
  deck: z.string(),
  kind: z.enum(['basic', 'cloze']),
  clozeOrdinal: z.number().nullable(),
  question: z.string(),
  answer: z.string(),
  tags: z.array(z.string()),
  suspended: z.boolean(),
});

/** What an uploaded .apkg/.colpkg would bring in; nothing is written until it is committed. */
export const ZAnkiImportPreview = z.object({
  importId: z.string(),
  decks: z.array(z.object({ name: z.string(), cards: z.number() })),
  notes: z.number(),
  /** Notes this learner has from an earlier import (same GUID) are updated, not added again. */
  newNotes: z.number(),
  updatedNotes: z.number(),
  unchangedNotes: z.number(),
  cards: z.number(),
  reviews: z.number(),
  media: z.number(),
  skipped: z.array(z.object({ reason: z.string(), count: z.number() })),
  sample: z.array(ZSampleCard),
});
export type TAnkiImportPreview = z.infer<typeof ZAnkiImportPreview>;

/** `cards`: added; `updated`: existing cards whose note changed; `unchanged`: already there as they are. */
export const ZAnkiImportResult = z.object({
  cards: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  reviews: z.number(),
  media: z.number(),
});
export type TAnkiImportResult = z.infer<typeof ZAnkiImportResult>;

/** 410: the staged import expired after its hour, or its package is no longer there; the web offers to upload again. */
export const IMPORT_GONE = 'This import is no longer available; upload the package again';
export const IMPORT_GONE_CODE = 'import_gone';

/** How far a commit has got: `done` of `total` cards written. */
export const ZAnkiImportProgress = z.object({
  status: z.enum(['ready', 'committing', 'done']),
  done: z.number(),
  total: z.number(),
});
export type TAnkiImportProgress = z.infer<typeof ZAnkiImportProgress>;

export const ZAnkiImportParams = z.object({ importId: z.uuid({ error: 'Import not found' }) });

export const ZAnkiExportQuery = z.object({ deckId: z.uuid({ error: 'deckId must be a deck id' }).optional() });
