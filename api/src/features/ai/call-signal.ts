import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors';

/**
 * One signal per AI request: aborted when the client goes away (nobody is waiting for the
 * answer, so stop paying for it) or when AI_TIMEOUT_MS has passed.
 */
export function aiSignal(reply: FastifyReply, timeoutMs: number): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort(new Error('client closed the connection'));
  });
  return AbortSignal.any([gone.signal, AbortSignal.timeout(timeoutMs)]);
}

/** Turns an abort or a network failure into the answer the learner sees. */
export function aiFailure(err: unknown, signal: AbortSignal): AppError {
  if (err instanceof AppError) return err;
  const reason: unknown = signal.reason;
  if (signal.aborted && reason instanceof DOMException && reason.name === 'TimeoutError') {
    return new AppError(504, 'The AI provider took too long to answer; try again');
  }
  if (signal.aborted) return new AppError(499, 'The request was cancelled');
  return new AppError(502, 'The AI provider could not be reached; try again later');
}
