import type { FastifyPluginAsync } from 'fastify';
import { authApi } from '../../../contract/api/auth';
import type { Config } from '../../config';
import { createSession, deleteSession, SESSION_COOKIE, sessionUserId } from '../../core';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { sessionCookieOptions } from '../../http/guards';
import { route } from '../../http/route';
import { getSelfUser } from '../profiles';
import { saveAppSettings } from '../preferences';
import { authenticate, createLoginThrottles, registerUser, type AuthOptions } from './service';
import { setEmail } from './account-security';
import type { JobQueue } from '../../jobs';
import { queuedMail } from '../../mail/mailer';
import { localText, say } from '../../i18n';

interface AuthRouteDeps extends AuthOptions {
  db: Db;
  caches: DbCaches;
  config: Config;
  jobs: JobQueue;
  /** Called after a session is deleted, so live sockets of it can be closed. */
  onLogout?: (userId: string, tokenHash: string) => void;
}

/**
 * Per client address, all attempts (successful or not), on top of the failed-login throttle:
 * hashing is the most expensive thing an anonymous request can ask for.
 */
const signUpLimit = (config: Config) => ({ max: Math.ceil(10 * config.RATE_LIMIT_SCALE), timeWindow: '1 hour' });
const loginLimit = (config: Config) => ({ max: Math.ceil(20 * config.RATE_LIMIT_SCALE), timeWindow: '1 minute' });

export const authRoutes: FastifyPluginAsync<AuthRouteDeps> = async (app, deps) => {
  const { db, caches, config } = deps;
  const throttles = createLoginThrottles();
  const mail = queuedMail(deps.jobs);

  const startSession = async (userId: string, secure: boolean) => {
    const session = await createSession(db, userId);
    return [SESSION_COOKIE, session.token, sessionCookieOptions(config, secure)] as const;
  };

  route(
    app,
    authApi.register,
    async (request, reply) => {
      const user = await registerUser(db, request.body, deps);
      // The language she signed up in (the web app sends it as Accept-Language) and the units the form guessed
      // from her browser's region become her saved settings.
      const language = await request.language();
      const { units } = request.body;
      if (language !== 'en' || units) {
        await saveAppSettings(db, user.id, { ...(language !== 'en' ? { language } : {}), ...(units ? { units } : {}) });
      }
      // An email given at sign-up gets its code now, as one added in Settings does: until it is verified, a
      // forgotten password cannot be reset, and a member who forgets hers on day one would be locked out.
      if (request.body.email) await setEmail({ db, caches, mail }, user.id, request.body.email, language);
      void reply.setCookie(...(await startSession(user.id, request.protocol === 'https')));
      return user;
    },
    { rateLimit: signUpLimit(config) },
  );

  route(
    app,
    authApi.login,
    async (request, reply) => {
      const user = await authenticate(db, request.body, request.ip, throttles, deps);
      // A fresh id at every login: a session id planted before login is worthless after it.
      void reply.setCookie(...(await startSession(user.id, request.protocol === 'https')));
      return user;
    },
    { rateLimit: loginLimit(config) },
  );

  route(app, authApi.logout, async (request, reply) => {
    // Her saved language is found through her session: read it before the session goes.
    const language = await request.language();
    const session = request.session;
    if (session) {
      await deleteSession(db, caches, session.tokenHash);
      deps.onLogout?.(session.userId, session.tokenHash);
    }
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const, message: say(language, 'loggedOut') };
  });

  route(app, authApi.me, async (request) => {
    const user = await getSelfUser(db, caches, sessionUserId(request));
    if (!user) throw notFound(localText('userNotFound'));
    return user;
  });
};
