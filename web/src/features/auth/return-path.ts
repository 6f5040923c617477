import { useLocation } from 'react-router';

/**
 * Where signing in leads: the page that sent the learner to /login (a shared test or room link),
 * else home. Only a path inside this app: never another site ("//evil.example" is one).
 */
export function returnPathOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export const useReturnPath = (): string => returnPathOf(useLocation().state);
