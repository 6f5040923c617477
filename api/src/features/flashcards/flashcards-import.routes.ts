import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_MAX_BYTES, ZImportBody, ZImportPreview, ZImportResult } from '../../contract';
import { exportCsv, importCards, previewImport } from './flashcards-import.service';

// JSON escaping can double a file's size (quotes, newlines); the service enforces the 10 MB itself.
const IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES * 2 + 1024;

export const flashcardsImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (userId: string) => ({ db: app.db, userId });

  app.post(
    '/flashcards/import/preview',
    { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: ZImportBody, response: { 200: ZImportPreview } } },
    (req) => previewImport({ ...req.body, ...ctx(req.user.id) }),
  );

  app.post(
    '/flashcards/import',
    { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: ZImportBody, response: { 201: ZImportResult } } },
    async (req, reply) => reply.code(201).send(await importCards({ ...req.body, ...ctx(req.user.id) })),
  );

  app.get('/flashcards/export', async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="learnboost-flashcards.csv"')
      .send(await exportCsv(ctx(req.user.id))),
  );
};
