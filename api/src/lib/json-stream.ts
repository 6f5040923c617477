import { Readable } from 'node:stream';

/** How many array items go into one chunk: big enough to compress well, small enough to flow. */
const ITEMS_PER_CHUNK = 500;

/**
 * An object as JSON text, streamed: each array is written a few hundred items at a time, so a
 * learner's whole export (tens of thousands of reviews) is never one string in memory, and the
 * compression in front of it works on it as it goes.
 */
export function jsonStream(value: Record<string, unknown>): Readable {
  function* pieces(): Generator<string> {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    yield '{';
    for (const [i, [key, v]] of entries.entries()) {
      yield `${i ? ',' : ''}\n${JSON.stringify(key)}:`;
      if (!Array.isArray(v)) {
        yield JSON.stringify(v);
        continue;
      }
      yield '[';
      for (let at = 0; at < v.length; at += ITEMS_PER_CHUNK) {
        const part = v.slice(at, at + ITEMS_PER_CHUNK).map((item) => JSON.stringify(item));
        yield `${at ? ',' : ''}\n${part.join(',\n')}`;
      }
      yield ']';
    }
    yield '\n}\n';
  }
  return Readable.from(pieces());
}
