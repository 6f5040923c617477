import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAuthResponse, ZErrorBody, ZLoginBody, ZRegisterBody, ZUser } from '../../contract';
import { login, logout, register } from './auth.service';

export type AuthRoutesOptions = { tokenTtlMs: number; rateLimitPerMinute: number };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const deps = { db: app.db, app, tokenTtlMs: opts.tokenTtlMs };
  // Guessing passwords and mass sign-ups are held back per client; /auth/me is not limited.
  const limited = {
    public: true,
    rateLimit: { max: opts.rateLimitPerMinute, timeWindow: '1 minute' },
  };

  app.post(
    '/auth/register',
    { config: limited, schema: { body: ZRegisterBody, response: { 201: ZAuthResponse, 409: ZErrorBody } } },
    async (req, reply) => reply.code(201).send(await register({ ...req.body, ...deps })),
  );

  app.post('/auth/login', { config: limited, schema: { body: ZLoginBody, response: { 200: ZAuthResponse } } }, (req) =>
    login({ ...req.body, ...deps }),
  );

  app.get('/auth/me', { schema: { response: { 200: ZUser } } }, (req) => {
    const { id, username, email } = req.user;
    return { id, username, email };
  });

  app.post('/auth/logout', { schema: { response: { 204: z.null() } } }, async (req, reply) => {
    await logout({ db: app.db, sessionId: req.user.sessionId });
    app.sessions.revoke({ sessionId: req.user.sessionId });
    return reply.code(204).send(null);
  });
};
