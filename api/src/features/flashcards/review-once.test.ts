import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { flashcardReviews } from '@learnboost/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';

const t = useTestApp();

const newCard = async (question: string) =>
  (await t.request('POST', '/api/flashcards', { token: t.learner.token, body: { question, answer: 'A' } })).body;
const review = (cardId: string, body: Record<string, unknown>) =>
  t.request('PUT', `/api/flashcards/${cardId}/review`, { token: t.learner.token, body });
const logOf = (cardId: string) => t.db.db.select().from(flashcardReviews).where(eq(flashcardReviews.cardId, cardId));

/**
 * A loopback hop that passes the request to the api and drops the connection the moment the
 * answer starts back: the write is made, the client never hears of it (a phone losing its signal).
 */
async function answerDropper(target: URL) {
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream);
    upstream.once('data', () => {
      client.destroy();
      upstream.destroy();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('a review recorded exactly once', () => {
  it('records a review sent twice with the same id once, and answers the same card both times', async () => {
    const card = await newCard('Sent twice');
    const reviewId = randomUUID();
    const first = await review(card.id, { rating: 3, reviewId });
    const second = await review(card.id, { rating: 3, reviewId });
    expect(first.status).toBe(200);
    expect(second).toMatchObject({ status: 200, body: first.body });
    const log = await logOf(card.id);
    expect(log.map((r) => r.id)).toEqual([reviewId]);
    expect(first.body.reps).toBe(1);
  });

  it('records a retried review once when its answer was lost on the way back', async () => {
    const card = await newCard('Lost answer');
    const reviewId = randomUUID();
    const dropper = await answerDropper(new URL(t.url));
    try {
      const lost = await fetch(`${dropper.url}/api/flashcards/${card.id}/review`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${t.learner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ rating: 3, reviewId }),
      }).then(
        () => 'answered',
        () => 'lost',
      );
      expect(lost).toBe('lost');
    } finally {
      await dropper.close();
    }
    // The client cannot know the write landed, so it sends the same review again.
    const retried = await review(card.id, { rating: 3, reviewId });
    expect(retried).toMatchObject({ status: 200, body: { reps: 1 } });
    expect(await logOf(card.id)).toHaveLength(1);
  });

  it('records one of two copies of a review that arrive at the same moment', async () => {
    const card = await newCard('At once');
    const reviewId = randomUUID();
    const both = await Promise.all([
      review(card.id, { rating: 1, reviewId }),
      review(card.id, { rating: 1, reviewId }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await logOf(card.id)).toHaveLength(1);
  });

  it('refuses a review id already used for another card with 409', async () => {
    const [a, b] = [await newCard('Card A'), await newCard('Card B')];
    const reviewId = randomUUID();
    await review(a.id, { rating: 3, reviewId });
    expect(await review(b.id, { rating: 3, reviewId })).toMatchObject({
      status: 409,
      body: { error: 'This review id was already used for another card' },
    });
    expect(await logOf(b.id)).toHaveLength(0);
  });

  it('undoes the named review once, even when the undo is sent twice, and only the last one', async () => {
    const card = await newCard('Undo by name');
    const [r1, r2] = [randomUUID(), randomUUID()];
    const afterFirst = (await review(card.id, { rating: 4, reviewId: r1 })).body;
    await review(card.id, { rating: 1, reviewId: r2 });
    const undo = (reviewId: string) =>
      t.request('POST', `/api/flashcards/${card.id}/undo`, { token: t.learner.token, body: { reviewId } });
    expect(await undo(r1)).toMatchObject({ status: 409, body: { error: "Only the card's last review can be undone" } });
    expect((await undo(r2)).body).toEqual(afterFirst);
    expect((await undo(r2)).body).toEqual(afterFirst);
    expect((await logOf(card.id)).map((r) => r.id)).toEqual([r1]);
  });

  it('refuses a review id that is not a UUID with 400', async () => {
    const card = await newCard('Bad id');
    expect(await review(card.id, { rating: 3, reviewId: 'x' })).toMatchObject({
      status: 400,
      body: { error: 'reviewId must be a UUID' },
    });
  });
});
