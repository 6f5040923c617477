import { AppError } from '../../lib/errors';

/** A provider's own failure, told to the learner without its internals. */
export function upstreamError(status: number): AppError {
  if (status === 429)
    return new AppError(502, 'The AI provider is rate limiting requests (HTTP 429); try again in a minute');
  if (status === 401 || status === 403) {
    return new AppError(502, `The AI provider refused the API key (HTTP ${status}); check the server's configuration`);
  }
  return new AppError(502, `The AI provider failed (HTTP ${status}); try again later`);
}
