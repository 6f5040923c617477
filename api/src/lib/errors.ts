/**
 * The one error type services throw; the app's error handler turns it into `{ error, code? }`.
 * `message` is the sentence a person reads; `code` (a contract constant) is what a program
 * compares, so rewording a sentence never changes behaviour.
 */
export class AppError extends Error {
  readonly code?: string;
  /** For 429 and 503: when the client may try again (sent as Retry-After). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    message: string,
    { code, retryAfterSeconds }: { code?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

// postgres.js and Node socket codes that mean "the database is not there right now".
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'DATABASE_WAIT_TIMEOUT', // no pooled connection within DATABASE_WAIT_MS (db/src/bounded-wait.ts)
  '57014', // query_canceled: statement_timeout, the database too slow to answer
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** Drizzle wraps driver errors; the driver's code sits somewhere down the cause chain. */
export function causeCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export const isDatabaseUnavailable = (err: unknown): boolean => UNAVAILABLE_CODES.has(causeCode(err) ?? '');

export const isUniqueViolation = (err: unknown): boolean => causeCode(err) === '23505';

/** An error's body on the wire, REST and socket acknowledgements alike. */
export const errorBody = (err: AppError): { error: string; code?: string } =>
  err.code ? { error: err.message, code: err.code } : { error: err.message };
