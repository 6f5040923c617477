import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody, isDatabaseUnavailable } from './errors';

type ValidationIssue = {
  message?: string;
  instancePath?: string;
  params?: { issue?: { code?: string; path?: PropertyKey[] } };
};

function firstIssue(validation: ValidationIssue[], context: string | undefined): string {
  const issue = validation[0];
  const path = issue?.params?.issue?.path ?? [];
  // The whole body missing or not an object: say so plainly rather than "expected object".
  if (path.length === 0 && issue?.params?.issue?.code === 'invalid_type') {
    return context === 'body' ? 'Request body must be a JSON object' : 'Invalid request';
  }
  return issue?.message ?? 'Invalid request';
}

/**
 * Errors the router raises before any route runs (Fastify's `frameworkErrors`), which would
 * otherwise answer Fastify's own `{error, code, message}`. A path parameter over 100 characters
 * (414) or a malformed path names nothing that exists: 404, like any unknown id.
 */
export function answerRoutingErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH' || err.code === 'FST_ERR_BAD_URL') {
    void reply.code(404).send({ error: 'Not found' });
    return;
  }
  void reply
    .code(err.statusCode && err.statusCode >= 400 ? err.statusCode : 500)
    .send({ error: 'Something went wrong' });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, err.message);
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(err.status).send(errorBody(err));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A malformed id in the path names nothing that exists: 404, like any unknown id.
      if (err.validationContext === 'params') return reply.code(404).send({ error: 'Not found' });
      return reply.code(400).send({ error: firstIssue(err.validation, err.validationContext) });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.code(503).send({ error: 'The database is unavailable right now; try again in a moment' });
    }
    // Fastify's own 4xx: malformed JSON, body too large, rate limited, wrong content type.
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ error: clientMessage(err) });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong' });
  });
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON in request body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json';
    default:
      return err.message;
  }
}
