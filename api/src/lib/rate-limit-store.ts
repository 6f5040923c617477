import type { WindowCounter } from './rate-counter';

type Incremented = { current: number; ttl: number };
type RouteOptions = { routeInfo: { method: string; url: string } };

/**
 * A @fastify/rate-limit store on our WindowCounter, so HTTP limits and room-card limits count
 * the same way: in Redis (shared by every api process) when REDIS_URL is set. The plugin's own
 * Redis store needs ioredis; the app already speaks node-redis.
 */
export function counterStore(counter: WindowCounter) {
  return class CounterStore {
    private readonly routeKey: string;

    // The plugin constructs the store with its options; children get their route's key.
    constructor(routeKey?: unknown) {
      this.routeKey = typeof routeKey === 'string' ? routeKey : 'http:';
    }

    // The plugin passes the route's window (ms) third, though its types leave it out.
    incr(key: string, done: (err: Error | null, result?: Incremented) => void, timeWindow = 60_000): void {
      counter.hit(`${this.routeKey}${key}`, timeWindow).then(
        ({ count, resetMs }) => done(null, { current: count, ttl: resetMs }),
        (err: Error) => done(err),
      );
    }

    child(route: object): CounterStore {
      const { routeInfo } = route as RouteOptions;
      return new CounterStore(`http:${routeInfo.method}${routeInfo.url}:`);
    }
  };
}
