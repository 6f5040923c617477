import type { Sql } from 'postgres';

/** The code a query gets when it waited too long for a connection (the api answers 503 for it). */
export const DATABASE_WAIT_TIMEOUT = 'DATABASE_WAIT_TIMEOUT';

function waitTimedOut(waitMs: number): Error {
  return Object.assign(new Error(`No database connection within ${waitMs} ms`), { code: DATABASE_WAIT_TIMEOUT });
}

/** A wait of `waitMs` that fails with DATABASE_WAIT_TIMEOUT unless cancelled first; then it was abandoned. */
function waitBound(waitMs: number) {
  let abandoned = false;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abandoned = true;
      reject(waitTimedOut(waitMs));
    }, waitMs);
    timer.unref();
  });
  return { expired, abandoned: () => abandoned, cancel: () => clearTimeout(timer) };
}

type PendingQuery = Promise<unknown> & { state: unknown; cancel(): unknown };

/**
 * postgres.js queues a query without limit while its connections are busy or (re)connecting, so
 * during an outage requests waited for as long as the outage lasted. This bounds the wait before
 * a query reaches the database: one that has not started after `waitMs` is taken off the queue
 * and fails with DATABASE_WAIT_TIMEOUT. A query already running is left to statement_timeout.
 */
export function boundQueueWait(client: Sql, waitMs: number): Sql {
  const unsafe = ((...args: Parameters<Sql['unsafe']>) => {
    const query = client.unsafe(...args) as unknown as PendingQuery;
    let timedOut = false;
    const timer = setTimeout(() => {
      if (query.state) return; // on a connection already: not waiting any more
      timedOut = true;
      void query.cancel();
    }, waitMs);
    timer.unref();
    // Registered before the caller's own handlers, so the caller sees the changed code.
    query.then(
      () => clearTimeout(timer),
      (err: { code?: string; message?: string }) => {
        clearTimeout(timer);
        if (timedOut && err && typeof err === 'object') {
          err.code = DATABASE_WAIT_TIMEOUT;
          err.message = waitTimedOut(waitMs).message;
        }
      },
    );
    return query;
  }) as unknown as Sql['unsafe'];

  // A transaction first waits for a connection of its own. Past the bound the caller is told so;
  // should the connection come later, the transaction's body is never run and it rolls back empty.
  const begin = ((...args: unknown[]) => {
    const fn = args.at(-1) as (tx: unknown) => unknown;
    const mode = args.length > 1 ? args[0] : undefined;
    const bound = waitBound(waitMs);
    const run = (tx: unknown) => {
      bound.cancel();
      if (bound.abandoned()) throw waitTimedOut(waitMs);
      return fn(tx);
    };
    const started = (mode === undefined ? client.begin(run) : client.begin(mode as string, run)) as Promise<unknown>;
    started.catch(() => undefined); // when abandoned, its own failure has nobody left to tell
    return Promise.race([started, bound.expired]).finally(bound.cancel);
  }) as Sql['begin'];

  // A reserved connection (a COPY's own) waits for a free one alike. One that comes after the
  // bound is handed back at once, so the pool does not lose it.
  const reserve = (async () => {
    const bound = waitBound(waitMs);
    const reserving = client.reserve();
    reserving.then(
      (reserved) => bound.abandoned() && reserved.release(),
      () => undefined,
    );
    return Promise.race([reserving, bound.expired]).finally(bound.cancel);
  }) as Sql['reserve'];

  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') return unsafe;
      if (prop === 'begin') return begin;
      if (prop === 'reserve') return reserve;
      return Reflect.get(target, prop, receiver);
    },
  });
}
