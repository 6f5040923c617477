import type { FastifyInstance } from 'fastify';
import { NUL_TEXT } from '../contract';
import { AppError } from './errors';

// A \u0000 escape whose backslash is not itself escaped: PostgreSQL text cannot hold that character.
const HOLDS_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

// %00 in a path or query string, however its hex is written.
const NUL_IN_URL = /%00|\0/i;

/**
 * Every text that reaches the database is refused with 400 when it holds NUL, which PostgreSQL
 * text cannot hold: here the path and the query string, for every route at once, before any
 * route or the sign-in check runs (bodies: below; multipart names: where the upload is read).
 */
export function refuseNulInUrls(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (NUL_IN_URL.test(req.url)) throw new AppError(400, NUL_TEXT);
  });
}

/**
 * Fastify's own JSON parser (with its prototype-poisoning guard), except that an empty body is
 * no body: clients send `Content-Type: application/json` on body-less POSTs such as logout.
 * A route that needs a body still says so through its schema. A text holding the NUL character is
 * refused here, once for every route, instead of failing deep in the database.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body.length === 0) return done(null, undefined);
    const text = body.toString();
    if (HOLDS_NUL.test(text)) return done(new AppError(400, NUL_TEXT), undefined);
    parseJson(req, text, done);
  });
}
