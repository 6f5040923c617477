import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { jsonStream } from './json-stream';

describe('a JSON answer streamed in pieces', () => {
  it('reads back as the same JSON, arrays of any length, empty ones and dates included', async () => {
    const value = {
      exportedAt: new Date('2026-11-25T10:00:00Z'),
      user: { id: 'u1', name: 'Ana "the" learner' },
      reviews: Array.from({ length: 1201 }, (_, i) => ({ i, at: new Date(i * 1000) })),
      tests: [],
    };
    const stream = jsonStream(value);
    expect(JSON.parse(await text(stream))).toEqual(JSON.parse(JSON.stringify(value)));
  });
});
