import type { FastifyServerOptions } from 'fastify';

// Any parameter whose name says it carries a credential: token, access_token, client_secret,
// api_key, apiKey, password, signature, auth... Over-redacting a harmless one costs nothing.
const SECRET_PARAM = /([?&][^=&#]*(?:token|secret|key|pass|signature|sig|auth|credential)[^=&#]*=)[^&#]*/gi;
export const redactQuery = (url: string) => url.replace(SECRET_PARAM, '$1[redacted]');

/** pino options: passwords, tokens and feed secrets never reach the log. */
export function loggerOptions(
  level: string,
  pretty: boolean,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body.password',
        '*.password',
        '*.token',
        'token',
        'password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        // A query-string token (calendar feeds, OAuth-style access_token, API keys) is a secret too.
        url: redactQuery(req.url),
        ip: req.ip,
      }),
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  };
}
