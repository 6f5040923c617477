import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const t = useTestApp();

const list = async (token: string) => (await t.request('GET', '/api/notifications', { token })).body.notifications;
const addCard = (token: string, question: string) =>
  t.request('POST', '/api/flashcards', { token, body: { question, answer: 'a' } });

describe('reminders', () => {
  it('a new learner has none', async () => {
    const { token } = await signUp(t);
    expect(await list(token)).toEqual([]);
  });

  it('say how many cards are due, once a day, with the count kept current', async () => {
    const { token } = await signUp(t);
    await addCard(token, 'one');
    expect(await list(token)).toEqual([
      {
        id: expect.any(String),
        title: 'Time to review',
        message: '1 card is due for review',
        read: false,
        createdAt: expect.any(String),
      },
    ]);
    await addCard(token, 'two');
    await addCard(token, 'three');
    const again = await list(token);
    expect(again).toHaveLength(1);
    expect(again[0].message).toBe('3 cards are due for review');
  });

  it('go away when read, or when nothing is due any more, and do not come back the same day once read', async () => {
    const { token } = await signUp(t);
    await addCard(token, 'only');
    const [reminder] = await list(token);
    const read = await t.request('PATCH', `/api/notifications/${reminder.id}`, { token, body: { read: true } });
    expect(read.body.read).toBe(true);
    await addCard(token, 'another');
    expect((await list(token)).filter((n: { read: boolean }) => !n.read)).toEqual([]);

    const other = await signUp(t);
    const otherCard = (await addCard(other.token, 'q')).body;
    expect(await list(other.token)).toHaveLength(1);
    await t.request('PUT', `/api/flashcards/${otherCard.id}/review`, { token: other.token, body: { rating: 4 } });
    expect(await list(other.token)).toEqual([]);
  });

  it('announce a session starting within 24 hours in the learner’s time', async () => {
    const { token } = await signUp(t);
    await t.request('PATCH', '/api/me/settings', { token, body: { timeZone: 'Asia/Tokyo' } });
    const soon = new Date(Date.now() + 2 * 3_600_000);
    soon.setUTCSeconds(0, 0);
    await t.request('POST', '/api/study-planner/sessions', {
      token,
      body: { title: 'Kanji', subject: 'Japanese', duration: 30, scheduledAt: soon.toISOString() },
    });
    await t.request('POST', '/api/study-planner/sessions', {
      token,
      body: {
        title: 'Far away',
        subject: 'Japanese',
        scheduledAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
    });
    const notes = await list(token);
    const tokyoTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
    }).format(soon);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: 'Study session soon',
      message: expect.stringContaining(`"Kanji" (Japanese) starts`),
    });
    expect(notes[0].message).toContain(tokyoTime);
    expect(await list(token)).toHaveLength(1);
  });

  it('mark all read at once, and belong to their learner only', async () => {
    const { token } = await signUp(t);
    await addCard(token, 'x');
    const [mine] = await list(token);
    const other = await signUp(t);
    const patch = await t.request('PATCH', `/api/notifications/${mine.id}`, {
      token: other.token,
      body: { read: true },
    });
    expect(patch).toMatchObject({ status: 404, body: { error: 'Notification not found' } });
    expect(await list(other.token)).toEqual([]);
    expect((await t.request('POST', '/api/notifications/read-all', { token })).status).toBe(204);
    expect((await list(token))[0].read).toBe(true);
  });

  it('need a token and a valid body', async () => {
    expect((await t.request('GET', '/api/notifications')).status).toBe(401);
    const { token } = await signUp(t);
    await addCard(token, 'x');
    const [n] = await list(token);
    expect((await t.request('PATCH', `/api/notifications/${n.id}`, { token, body: { read: 'yes' } })).status).toBe(400);
  });
});
