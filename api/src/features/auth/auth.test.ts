import { users } from '@learnboost/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, startApp, useTestApp } from '../../../test/helper';

const t = useTestApp();

describe('registering', () => {
  it('creates an account and answers id, username, email and a token', async () => {
    const res = await t.request('POST', '/api/auth/register', {
      body: { username: 'Ada', email: 'ada.register@example.com', password: 'secret1' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      username: 'Ada',
      email: 'ada.register@example.com',
      token: expect.any(String),
    });
    const me = await t.request('GET', '/api/auth/me', { token: res.body.token });
    expect(me.body).toEqual({ id: res.body.id, username: 'Ada', email: 'ada.register@example.com' });
  });

  it.each([
    [{ email: 'a@example.com', password: 'secret1' }, 'Username is required'],
    [{ username: '   ', email: 'a@example.com', password: 'secret1' }, 'Username is required'],
    [{ username: 'A', password: 'secret1' }, 'Email is required'],
    [{ username: 'A', email: 'not-an-email', password: 'secret1' }, 'Enter a valid email address'],
    [{ username: 'A', email: 'a@example.com' }, 'Password is required'],
    [{ username: 'A', email: 'a@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [
      { username: 'x'.repeat(41), email: 'a@example.com', password: 'secret1' },
      'Username must be at most 40 characters',
    ],
  ])('refuses %j with a readable 400', async (body, error) => {
    const res = await t.request('POST', '/api/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('accepts a password of exactly 6 characters and a 40-character username', async () => {
    const res = await t.request('POST', '/api/auth/register', {
      body: { username: 'y'.repeat(40), email: 'six.chars@example.com', password: '123456' },
    });
    expect(res.status).toBe(201);
  });

  it('answers 409 when the e-mail is taken, whatever its case', async () => {
    await signUp(t, { email: 'Case.Taken@Example.com' });
    const res = await t.request('POST', '/api/auth/register', {
      body: { username: 'Other', email: 'case.taken@example.COM', password: 'secret1' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'An account with this email already exists' });
  });

  it('keeps the username exactly as typed, markup included', async () => {
    const learner = await signUp(t, { username: '<b>Zoë & "Ann"</b>' });
    const me = await t.request('GET', '/api/auth/me', { token: learner.token });
    expect(me.body.username).toBe('<b>Zoë & "Ann"</b>');
  });

  it('stores a memory-hard hash, never the password', async () => {
    const learner = await signUp(t, { password: 'plain-text-never' });
    const [row] = await t.db.db.select().from(users).where(eq(users.id, learner.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row?.passwordHash).not.toContain('plain-text-never');
  });
});

describe('signing in', () => {
  it('answers the same account with a fresh token, ignoring the e-mail case', async () => {
    const learner = await signUp(t, { email: 'sign.in@example.com' });
    const res = await t.request('POST', '/api/auth/login', {
      body: { email: 'SIGN.IN@example.com', password: learner.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: learner.id, username: learner.username, email: 'sign.in@example.com' });
    expect(res.body.token).not.toBe(learner.token);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const learner = await signUp(t);
    const wrong = await t.request('POST', '/api/auth/login', { body: { email: learner.email, password: 'not-it!' } });
    const unknown = await t.request('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'not-it!' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('requires both fields', async () => {
    const res = await t.request('POST', '/api/auth/login', { body: { email: 'a@example.com' } });
    expect(res).toMatchObject({ status: 400, body: { error: 'Password is required' } });
  });
});

describe('tokens', () => {
  it('refuses a missing, malformed or tampered token with 401 JSON', async () => {
    const learner = await signUp(t);
    const [head, payload, signature] = learner.token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'someone-else', sid: 'x' })).toString('base64url');
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${learner.token}x` },
      { authorization: `Bearer ${head}.${forged}.${signature}` },
      { authorization: `Bearer ${head}.${payload}.` },
    ]) {
      const res = await t.request('GET', '/api/auth/me', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
  });

  it('refuses a token signed with another secret', async () => {
    const other = await startApp({ JWT_SECRET: 'another-secret-that-is-at-least-32-chars-long' });
    try {
      const outsider = await signUp(other);
      const res = await t.request('GET', '/api/auth/me', { token: outsider.token });
      expect(res.status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('logging out revokes the token on the server, and only that one', async () => {
    const learner = await signUp(t);
    const second = await t.request('POST', '/api/auth/login', {
      body: { email: learner.email, password: learner.password },
    });
    // Sent as many clients do: a JSON content type and no body at all.
    const out = await t.request('POST', '/api/auth/logout', {
      token: learner.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(out.status).toBe(204);
    const after = await t.request('GET', '/api/auth/me', { token: learner.token });
    expect(after).toMatchObject({ status: 401, body: { error: 'Your session has ended; sign in again' } });
    expect((await t.request('GET', '/api/auth/me', { token: second.body.token })).status).toBe(200);
  });

  it('expires tokens after JWT_EXPIRES_IN', async () => {
    // A token's expiry counts whole seconds from the second it was issued in, so "5s" lasts 4 to 5 s:
    // time enough for the first request on a loaded machine ("1s" could end before it).
    const shortLived = await startApp({ JWT_EXPIRES_IN: '5s' });
    try {
      const learner = await signUp(shortLived);
      expect((await shortLived.request('GET', '/api/auth/me', { token: learner.token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 5100));
      const res = await shortLived.request('GET', '/api/auth/me', { token: learner.token });
      expect(res).toMatchObject({ status: 401, body: { error: 'Your session has expired; sign in again' } });
    } finally {
      await shortLived.close();
    }
  });
});
