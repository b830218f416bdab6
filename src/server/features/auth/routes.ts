import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, registerBody } from '../../../contract/auth';
import { okBody } from '../../../contract/http';
import { selfUser } from '../../../contract/users';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { sessionCookieOptions, sessionUserId } from '../../http/guards';
import { getSelfUser } from '../profiles/users';
import { authenticate, createLoginThrottles, registerUser, type AuthOptions } from './service';
import { createSession, deleteSession, SESSION_COOKIE } from './sessions';

export interface AuthRouteDeps extends AuthOptions {
  db: Db;
  config: Config;
  /** Called after a session is deleted, so live sockets of it can be closed. */
  onLogout?: (userId: string, tokenHash: string) => void;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, deps) => {
  const { db, config } = deps;
  const throttles = createLoginThrottles();

  const startSession = async (userId: string, secure: boolean) => {
    const session = await createSession(db, userId);
    return [SESSION_COOKIE, session.token, sessionCookieOptions(config, secure)] as const;
  };

  app.post(
    '/api/auth/register',
    { config: { public: true }, schema: { body: registerBody, response: { 201: selfUser } } },
    async (request, reply) => {
      const user = await registerUser(db, request.body, deps);
      void reply.setCookie(...(await startSession(user.id, request.protocol === 'https')));
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/api/auth/login',
    { config: { public: true }, schema: { body: loginBody, response: { 200: selfUser } } },
    async (request, reply) => {
      const user = await authenticate(db, request.body, request.ip, throttles, deps);
      // A fresh id at every login: a session id planted before login is worthless after it.
      void reply.setCookie(...(await startSession(user.id, request.protocol === 'https')));
      return user;
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 200: okBody } } }, async (request, reply) => {
    const session = request.session;
    if (session) {
      await deleteSession(db, session.tokenHash);
      deps.onLogout?.(session.userId, session.tokenHash);
    }
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const, message: 'Logged out successfully' };
  });

  app.get('/api/auth/me', { schema: { response: { 200: selfUser } } }, async (request) => {
    const user = await getSelfUser(db, sessionUserId(request));
    if (!user) throw notFound('User not found');
    return user;
  });
};
