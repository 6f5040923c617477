import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANKI_MAX_BYTES,
  ZAnkiExportQuery,
  ZAnkiImportParams,
  ZAnkiImportPreview,
  ZAnkiImportProgress,
  ZAnkiImportResult,
} from '../../contract';
import { AppError } from '../../lib/errors';
import { exportApkg } from './anki-export.service';
import { commitAnkiImport, importProgress, previewAnkiImport, type Staging } from './anki-import.service';

const BUSY = 'Too many Anki imports are running on this server right now; try again in a few seconds';
const RETRY_AFTER_SECONDS = 5;

export const ankiRoutes: FastifyPluginAsyncZod<{
  dataDir: string;
  concurrency: number;
  sharedStaging: boolean;
}> = async (app, { dataDir, concurrency, sharedStaging }) => {
  // On PostgreSQL, staged packages are in the database too: any api process can commit them.
  const staging: Staging = { dir: path.resolve(dataDir, 'anki-imports'), shared: sharedStaging };
  // A package and its collection are held in memory while read or written: a few at once per
  // process, the rest told when to come back, so ten learners importing cannot exhaust memory.
  let running = 0;
  async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) throw new AppError(429, BUSY, { retryAfterSeconds: RETRY_AFTER_SECONDS });
    running++;
    try {
      return await work();
    } finally {
      running--;
    }
  }
  await app.register(multipart, { limits: { fileSize: ANKI_MAX_BYTES, files: 1, fields: 5 } });

  app.post(
    '/flashcards/import/anki',
    // The multipart envelope around the 200 MB file is allowed too; the file's own limit is above.
    { bodyLimit: ANKI_MAX_BYTES + 1024 * 1024, schema: { response: { 200: ZAnkiImportPreview } } },
    (req) =>
      oneOfFew(async () => {
        if (!req.isMultipart()) throw new AppError(400, 'Send the package as multipart form data, in the field "file"');
        const part = await req.file();
        if (part?.fieldname !== 'file') throw new AppError(400, 'Choose an Anki package (.apkg or .colpkg) to import');
        // Streamed to the staging folder as it arrives: a 200 MB package is never whole in memory.
        return previewAnkiImport({ db: app.db, userId: req.user.id, staging, upload: part.file });
      }),
  );

  app.post(
    '/flashcards/import/anki/:importId/commit',
    { schema: { params: ZAnkiImportParams, response: { 201: ZAnkiImportResult } } },
    async (req, reply) => {
      const scheduler = await app.schedulerSettings.get(app.db, req.user.id);
      const result = await oneOfFew(() =>
        commitAnkiImport({
          db: app.db,
          userId: req.user.id,
          timeZone: req.user.timeZone,
          importId: req.params.importId,
          staging,
          scheduler,
        }),
      );
      app.optimizer.noteReviews(req.user.id, result.reviews);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/flashcards/import/anki/:importId/progress',
    { schema: { params: ZAnkiImportParams, response: { 200: ZAnkiImportProgress } } },
    (req) => importProgress({ db: app.db, userId: req.user.id, importId: req.params.importId, staging }),
  );

  // An .apkg is a zip already: compressing it again costs CPU and saves nothing.
  app.get(
    '/flashcards/export.apkg',
    { schema: { querystring: ZAnkiExportQuery }, compress: false },
    async (req, reply) =>
      reply
        .type('application/octet-stream')
        .header('content-disposition', 'attachment; filename="learnboost.apkg"')
        .send(Buffer.from(await exportApkg({ db: app.db, userId: req.user.id, deckId: req.query.deckId }))),
  );
};
