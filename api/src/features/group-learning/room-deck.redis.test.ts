import { describe, expect, it } from 'vitest';
import { enterRoom } from '../../../test/game-api';
import { onPostgres, signUp, type TestApp } from '../../../test/helper';
import { useTwoApps } from '../../../test/redis-apps';
import { pause } from '../../../test/room-client';

// The room deck across two api processes sharing PostgreSQL and Redis (issue 24).
describe.runIf(onPostgres)('room deck changes across two processes over Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const opened = useTwoApps({}, (x, y) => {
    [a, b] = [x, y];
  });

  it('an edit and a suggestion made on one process reach a member on the other; a same-version race loses with 409', async () => {
    const host = await signUp(a);
    const ana = await signUp(a);
    const room = await a.request('POST', '/api/group-learning/rooms', {
      token: host.token,
      body: { title: 'Cluster', topic: 'Deck' },
    });
    const roomId = room.body.id as string;
    await b.request('POST', `/api/group-learning/${roomId}/join`, { token: ana.token });
    const onB = await enterRoom(b.url, roomId, ana, opened);
    const card = (
      await a.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
        token: host.token,
        body: { question: 'Q', answer: 'A' },
      })
    ).body.card;
    await onB.waitFor('card:added');

    // The same version saved on both processes at once: one wins, the other answers 409.
    const put = (app: TestApp, token: string, answer: string) =>
      app.request('PUT', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
        token,
        body: { version: 1, question: 'Q', answer },
      });
    const answers = await Promise.all([put(a, host.token, 'from A'), put(b, ana.token, 'from B')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)?.body.card;
    expect(answers.find((r) => r.status === 409)?.body.card).toEqual(winner);
    await onB.waitFor('card:updated');
    await pause(200);
    expect(onB.of('card:updated')).toEqual([{ card: winner }]);

    await a.request('PUT', `/api/group-learning/${roomId}/edit-rule`, {
      token: host.token,
      body: { editRule: 'suggest' },
    });
    await onB.waitFor('deck:rules');
    const suggested = await b.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
      token: ana.token,
      body: { question: 'Suggested?', answer: 'Yes' },
    });
    expect(suggested.status).toBe(202);
    const accepted = await a.request(
      'POST',
      `/api/group-learning/${roomId}/suggestions/${suggested.body.suggestion.id}/accept`,
      { token: host.token },
    );
    expect(accepted.status).toBe(200);
    await Promise.all([onB.waitFor('suggestion:accepted'), onB.waitFor('card:added', 2)]);
    const removed = await a.request('DELETE', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
      token: host.token,
    });
    expect(removed.status).toBe(204);
    await onB.waitFor('card:removed');
    expect(onB.of('card:removed')).toEqual([{ cardId: card.id }]);
  });
});
