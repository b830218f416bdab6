import type { FastifyInstance } from 'fastify';
import { say } from '../../i18n';
import { accountApi } from '../../../contract/api/account';
import type { Config } from '../../config';
import { SESSION_COOKIE, sessionUserId, unauthenticated } from '../../core';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { sessionFromRequest } from '../../http/guards';
import { route } from '../../http/route';
import type { JobQueue } from '../../jobs';
import { createMailer, mailJobs } from '../../mail/mailer';
import {
  cancelEmailChange,
  changeEmail,
  changePassword,
  confirmPasswordReset,
  passwordResetUsable,
  registerPasswordResetJob,
  requestPasswordReset,
  resendEmailCode,
  verifyEmail,
  type AccountSecurityDeps,
} from '../auth';
import type { MediaDeletes, MediaStorage } from '../../media';
import { getSelfUser } from '../profiles';
import type { StoryAuthorship } from '../stories';
import { deleteAccount, exportAccount, type AccountDeps } from './service';

interface AccountRouteDeps {
  db: Db;
  caches: DbCaches;
  config: Config;
  events: DomainEvents;
  jobs: JobQueue;
  mediaDeletes: MediaDeletes;
  /** The private store of message photos and voice notes (her own uploads are in her export). */
  chatMediaStore: MediaStorage;
  /** The private store of status voice notes (hers is in her export). */
  statusVoiceStore: MediaStorage;
  scryptLogN: number;
  /** Her Tea replies (export, deletion): only the stories' author key finds them. */
  stories: StoryAuthorship;
}

/** Reset requests one client address may make in an hour (each queues a job, whatever it names). */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 10;

/** Settings → account: password, email, reset, 'Download my data' and 'Delete my account'. */
export async function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps): Promise<void> {
  const { db, caches, config, events, jobs } = deps;
  const sessionsEnded = (userId: string, tokenHashes: string[], reason?: string) => {
    for (const tokenHash of tokenHashes)
      events.emit('session.ended', { userId, tokenHash, ...(reason ? { reason } : {}) });
  };
  const security: AccountSecurityDeps = {
    db,
    caches,
    mail: mailJobs(jobs, createMailer(config, app.log.child({ component: 'mail' }))),
    jobs,
    scryptLogN: deps.scryptLogN,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    sessionsEnded,
  };
  const account: AccountDeps = {
    db,
    caches,
    events,
    jobs,
    mediaDeletes: deps.mediaDeletes,
    sessionsEnded,
    accountDeleted: (userId) => events.emit('account.deleted', { userId }),
    stories: deps.stories,
  };
  registerPasswordResetJob(security);

  route(app, accountApi.session, async (request) => {
    const session = await sessionFromRequest(db, caches, request);
    return { user: session ? ((await getSelfUser(db, caches, session.userId)) ?? null) : null };
  });

  route(app, accountApi.changePassword, async (request) => {
    const session = request.session;
    if (!session) throw unauthenticated();
    await changePassword(security, session.userId, session.tokenHash, request.body);
    return { ok: true as const, message: say(await request.language(), 'passwordChanged') };
  });

  route(app, accountApi.setEmail, async (request) =>
    changeEmail(security, sessionUserId(request), request.body, await request.language()),
  );
  route(app, accountApi.resendEmailCode, async (request) =>
    resendEmailCode(security, sessionUserId(request), await request.language()),
  );
  route(app, accountApi.verifyEmail, async (request) =>
    verifyEmail(security, sessionUserId(request), request.body.code, await request.language()),
  );
  route(app, accountApi.cancelEmailChange, async (request) =>
    cancelEmailChange(security, sessionUserId(request), await request.language()),
  );

  route(
    app,
    accountApi.requestPasswordReset,
    async (request) => {
      await requestPasswordReset(security, request.body.login);
      // The same words whoever asked, in the asker's language.
      return { ok: true as const, message: say(await request.language(), 'passwordResetSent') };
    },
    // Per client address, on top of the per-account limit in the job: one address cannot queue a flood.
    {
      rateLimit: {
        max: Math.ceil(RESET_REQUESTS_PER_ADDRESS_PER_HOUR * config.RATE_LIMIT_SCALE),
        timeWindow: '1 hour',
      },
    },
  );
  route(
    app,
    accountApi.checkPasswordReset,
    async (request) => ({ usable: await passwordResetUsable(db, request.body.token) }),
    // Its own bucket with the request's budget: the check cannot be used to probe tokens any faster.
    {
      rateLimit: {
        max: Math.ceil(RESET_REQUESTS_PER_ADDRESS_PER_HOUR * config.RATE_LIMIT_SCALE),
        timeWindow: '1 hour',
      },
    },
  );
  route(app, accountApi.confirmPasswordReset, async (request, reply) => {
    // Before the reset ends her sessions: a signed-in asker is answered in her saved language.
    const language = await request.language();
    const { username } = await confirmPasswordReset(security, request.body);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const, message: say(language, 'passwordResetDone'), username };
  });

  route(app, accountApi.exportData, async (request, reply) => {
    void reply.header('Content-Disposition', 'attachment; filename="steep-my-data.json"');
    void reply.header('Cache-Control', 'no-store');
    return exportAccount(db, caches, sessionUserId(request), {
      chat: deps.chatMediaStore,
      statuses: deps.statusVoiceStore,
      stories: deps.stories,
    });
  });
  route(app, accountApi.deleteAccount, async (request, reply) => {
    // Her saved language goes with her account: read it first.
    const language = await request.language();
    await deleteAccount(account, sessionUserId(request), request.body.password);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const, message: say(language, 'accountDeleted') };
  });
}
