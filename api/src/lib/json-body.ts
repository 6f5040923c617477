import type { FastifyInstance } from 'fastify';
import { NUL_TEXT } from '../contract';
import { AppError } from './errors';

// A \u0000 escape whose backslash is not itself escaped: PostgreSQL text cannot hold that character.
const HOLDS_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

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
