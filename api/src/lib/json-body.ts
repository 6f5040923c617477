import type { FastifyInstance } from 'fastify';

/**
 * Fastify's own JSON parser (with its prototype-poisoning guard), except that an empty body is
 * no body: clients send `Content-Type: application/json` on body-less POSTs such as logout.
 * A route that needs a body still says so through its schema.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parseJson(req, body.toString(), done);
  });
}
