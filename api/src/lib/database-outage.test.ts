import { createDb, createTestDb } from '@learnboost/db';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, signUp, startApp, type TestApp, testServerUrl } from '../../test/helper';
import { startTcpProxy } from '../../test/tcp-proxy';

describe.runIf(onPostgres)('when PostgreSQL goes away and comes back', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let closeDirect: () => Promise<void>;

  beforeAll(async () => {
    const direct = await createTestDb(testServerUrl);
    closeDirect = direct.close;
    const url = new URL(direct.databaseUrl as string);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    t = await startApp({}, createDb({ databaseUrl: url.toString(), poolSize: 2 }));
  });
  afterAll(async () => {
    await t.close();
    await closeDirect();
  });

  it('answers 503 {error} during the outage and serves again afterwards, with no restart', async () => {
    const learner = await signUp(t);
    expect((await t.request('GET', '/api/auth/me', { token: learner.token })).status).toBe(200);

    await proxy.stop();
    // The deck needs the database (the signed-in session alone may be answered from memory).
    const during = await t.request('GET', '/api/flashcards', { token: learner.token });
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ error: expect.stringMatching(/database is unavailable/) });
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: learner.email, password: learner.password },
    });
    expect(login.status).toBe(503);
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', database: 'unreachable' });

    await proxy.start();
    expect((await t.request('GET', '/api/health')).body).toMatchObject({ status: 'ok', database: 'ok' });
    expect((await t.request('GET', '/api/flashcards', { token: learner.token })).status).toBe(200);
  });
});

describe.runIf(onPostgres)('a connection PostgreSQL drops', () => {
  it('fails the next query on it with an error the request can catch, instead of ending the process', async () => {
    const direct = await createTestDb(testServerUrl);
    const url = new URL(direct.databaseUrl as string);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      // A reserved connection stays pinned after its socket closes: postgres.js 3.4.9 then wrote
      // to the null socket from a setImmediate, a TypeError nothing could catch (patches/).
      const reserved = await sql.reserve();
      await reserved`select 1`;
      await proxy.stop();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(reserved`select 1`).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    } finally {
      await proxy.start();
      await sql.end({ timeout: 1 });
      await direct.close();
    }
  });
});
