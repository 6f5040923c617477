import { z } from 'zod';

const bool = (fallback: 'true' | 'false') =>
  // Not z.coerce.boolean(): it reads "false" as true.
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
function durationMs(value: string): number {
  const unit = value.slice(-1) as keyof typeof UNIT_MS;
  return Number(value.slice(0, -1)) * UNIT_MS[unit];
}

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * Fastify's trustProxy: `true` (any proxy), or the proxies' addresses, CIDRs or proxy-addr names
 * (`loopback`, `uniquelocal`), comma-separated. Off by default: X-Forwarded-For is then ignored,
 * as it must be when clients reach the api directly (they could write anything there). A bare
 * hop count is refused: Fastify no longer honours one, since it cannot vouch for the peer.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .refine((v) => !/^\d+$/.test(v), "TRUST_PROXY is true, false, or the proxies' addresses (a hop count is not enough)")
  .transform((v): boolean | string => (v === 'true' || v === 'false' ? v === 'true' : v));

const ZEnv = z.object({
  NODE_ENV: z.string().default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where learners reach the app (links the api hands out, the socket in the CSP); unset → the listen address. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Longest a request's query waits for a pooled connection; past it the request answers 503. */
  DATABASE_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(1500),
  /** PostgreSQL statement_timeout: a query running longer is cancelled (503). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Redis stream (and channel prefix) the api processes share for Socket.IO events. */
  REDIS_STREAM_NAME: z.string().min(1).default('learnboost:socket.io'),
  /** Cards one learner may add to study rooms per minute, over REST and sockets together. */
  ROOM_CARDS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** How long "Ana is editing" holds without a keystroke (room deck soft locks). */
  ROOM_EDIT_LOCK_IDLE_MS: z.coerce.number().int().min(100).default(60_000),
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ),
  /** Token lifetime: a number and a unit (s, m, h, d). */
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'JWT_EXPIRES_IN is a number and a unit: 30m, 12h, 7d')
    .default('7d')
    .transform(durationMs),
  SEED_DEMO: bool('true'),
  DEMO_EMAIL: z.email().default('demo@learnboost.app'),
  DEMO_PASSWORD: z.string().min(6).default('learnboost-demo'),
  // How long a checked session is trusted without asking the database; 0 asks every time.
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  // FSRS optimisations training at once across every api process; unset: one per core.
  OPTIMIZE_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).optional()),
  // A running optimisation whose process has said nothing this long is taken for dead.
  OPTIMIZE_STALE_SECONDS: z.coerce.number().int().min(2).max(3600).default(15),
  // Behind a reverse proxy, so each learner is told apart (rate limits, logs) by their own address.
  TRUST_PROXY: trustProxy,
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served at / when present. */
  WEB_DIST: z.string().optional(),
  /**
   * Set by `pnpm dev`: where Vite serves the app being edited. The api then serves no build (it
   * would be a stale one) and sends a browser that opens it there.
   */
  DEV_WEB_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  AI_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['builtin', 'gemini', 'openai']).optional()),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_MODEL: z.string().default('gemini-2.5-flash'),
  GEMINI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** OCR: tesseract workers kept alive, jobs allowed to wait (429 past it), jobs before a worker is replaced. */
  OCR_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  OCR_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(16),
  /** Anki imports (upload and preview, or commit) one api process runs at once; past it: 429. */
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  OCR_RECYCLE_AFTER: z.coerce.number().int().min(1).default(300),
});

export type Config = z.infer<typeof ZEnv>;

/** The only reader of process.env: parsed once, naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
