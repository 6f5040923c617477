import type { AuthUser } from './auth-user';

/** What one process tells the others: a session ended, or a learner's details changed. */
export type Revocation = { sessionId: string } | { userId: string };

type Entry = { user: AuthUser; until: number };

/**
 * Live sessions this process has checked lately, so a learner's every request (a review, a room
 * card) skips the session lookup. Revocation stays immediate: logout and a change of the
 * learner's details drop the entries here and, with several processes, are broadcast to the
 * others (`publish`). Entries live at most `ttlMs`, which bounds how stale one can get should a
 * broadcast be lost; the token's own expiry is checked before the cache is asked.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  // When a session or learner was last revoked: a lookup that started before then is not cached.
  readonly #revokedAt = new Map<string, number>();
  /** Set when several processes share the load. */
  publish: (revocation: Revocation) => void = () => {};
  /** Told of every revocation, made here or heard from another process (open sockets close). */
  readonly onRevoked: ((revocation: Revocation) => void)[] = [];

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    readonly now: () => number = Date.now,
  ) {}

  get(sessionId: string): AuthUser | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.user;
    this.#entries.delete(sessionId);
    return undefined;
  }

  /** Keeps what a lookup started at `lookedUpAt` found, unless a revocation came after it started. */
  set(user: AuthUser, lookedUpAt: number): void {
    if (this.ttlMs <= 0) return;
    const revoked = Math.max(this.#revokedAt.get(user.sessionId) ?? 0, this.#revokedAt.get(user.id) ?? 0);
    if (revoked >= lookedUpAt) return;
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(user.sessionId, { user, until: this.now() + this.ttlMs });
  }

  /** Here and in every other process. */
  revoke(revocation: Revocation): void {
    this.apply(revocation);
    this.publish(revocation);
  }

  /** Here only: a revocation made here, or heard from another process. */
  apply(revocation: Revocation): void {
    const now = this.now();
    this.#pruneRevocations(now);
    for (const listener of this.onRevoked) listener(revocation);
    if ('sessionId' in revocation) {
      this.#markRevoked(revocation.sessionId, now);
      this.#entries.delete(revocation.sessionId);
      return;
    }
    this.#markRevoked(revocation.userId, now);
    for (const [sessionId, entry] of this.#entries) {
      if (entry.user.id === revocation.userId) this.#entries.delete(sessionId);
    }
  }

  // Deleted first so the map stays in time order, oldest first.
  #markRevoked(key: string, now: number): void {
    this.#revokedAt.delete(key);
    this.#revokedAt.set(key, now);
  }

  // A revocation older than any lookup still in flight (lookups take milliseconds) guards nothing.
  #pruneRevocations(now: number): void {
    for (const [key, at] of this.#revokedAt) {
      if (at > now - 60_000) break;
      this.#revokedAt.delete(key);
    }
  }
}
