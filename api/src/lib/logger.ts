import type { FastifyServerOptions } from 'fastify';

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
        // A query-string token (calendar feeds) is a secret too.
        url: req.url.replace(/([?&](?:token|secret)=)[^&]*/gi, '$1[redacted]'),
        ip: req.ip,
      }),
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  };
}
