import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/helper';

const t = useTestApp();

function attempt(token?: string): Promise<{ connected: boolean; error?: string; socket: Socket }> {
  const socket = connect(t.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
  return new Promise((resolve) => {
    socket.on('connect', () => resolve({ connected: true, socket }));
    socket.on('connect_error', (err) => resolve({ connected: false, error: err.message, socket }));
  });
}

describe('Socket.IO on the app origin', () => {
  it('admits a signed-in learner at /socket.io', async () => {
    const learner = await signUp(t);
    const result = await attempt(learner.token);
    expect(result.connected).toBe(true);
    result.socket.close();
  });

  it('refuses a handshake without a token, or with a revoked one', async () => {
    const anonymous = await attempt();
    expect(anonymous).toMatchObject({ connected: false, error: 'Sign in to continue' });
    anonymous.socket.close();

    const learner = await signUp(t);
    await t.request('POST', '/api/auth/logout', { token: learner.token });
    const revoked = await attempt(learner.token);
    expect(revoked).toMatchObject({ connected: false, error: 'Your session has ended; sign in again' });
    revoked.socket.close();
  });
});
