import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
  type EmailStatus,
} from '../../../contract/account';
import { PASSWORD_CHANGED_REASON } from '../../../contract/realtime-protocol';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import {
  deleteSessionsOf,
  findUser,
  findUserByUsername,
  findUserByVerifiedEmail,
  setPasswordHash as storePasswordHash,
  updateUser,
} from '../../core';
import { AppError, badRequest, notFound, tooManyRequests } from '../../http/errors';
import { localText, messagesOf, render, say, type Language } from '../../i18n';
import { memberLanguage } from '../preferences';
import type { JobQueue } from '../../jobs';
import type { MailOutbox } from '../../mail/mailer';
import { hashPassword, verifyPassword } from './password';
import { assertStrongPassword } from './password-strength';
import {
  countWrongEmailCode,
  deleteEmailCode,
  findEmailCode,
  insertPasswordReset,
  resetsSince,
  resetOwner,
  saveEmailCode,
  spendReset,
  lockResetsOf,
  spendResetsOf,
} from './repository';
import { FailureThrottle } from './throttle';
import { fieldError } from '../../http/errors';

export interface AccountSecurityDeps {
  db: Db;
  caches: DbCaches;
  mail: MailOutbox;
  jobs: JobQueue;
  scryptLogN: number;
  /** The public address links in emails point to. */
  publicUrl: string;
  /** Sessions ended here have their sockets closed on every instance, told `reason` (a close reason) when given. */
  sessionsEnded: (userId: string, tokenHashes: string[], reason?: string) => void;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Wrong current passwords one account may give in the window before 429 (change password, delete account). */
export const CURRENT_PASSWORD_FAILURES = 5;
const CURRENT_PASSWORD_WINDOW_MS = 15 * 60_000;
/**
 * Per process, like the login throttle: each wrong try costs a full scrypt, and a session is all it
 * takes to ask, so without it a few accounts could keep the hash slots busy.
 */
const currentPasswordFailures = new FailureThrottle(CURRENT_PASSWORD_FAILURES, CURRENT_PASSWORD_WINDOW_MS);

/** Proves it is her before a sensitive change; the same check for every such action. */
export async function confirmPassword(db: Db, userId: string, password: string, path = 'currentPassword') {
  const wait = currentPasswordFailures.retryAfter(userId);
  if (wait > 0) throw tooManyRequests(localText('tooManyWrongPasswords'), wait);
  // Counted before the slow check so tries sent in parallel all count; a right one gives it back.
  currentPasswordFailures.fail(userId);
  const user = await findUser(db, userId);
  if (!user) throw notFound(localText('userNotFound'));
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new AppError(403, 'INVALID_CREDENTIALS', localText('thatPasswordIsNot'), {
      errors: [fieldError(path, localText('thatPasswordIsNot'))],
    });
  }
  currentPasswordFailures.refund(userId);
  return user;
}

async function setPasswordHash(
  deps: Pick<AccountSecurityDeps, 'db' | 'caches' | 'scryptLogN'>,
  userId: string,
  password: string,
): Promise<void> {
  await storePasswordHash(deps.db, deps.caches, userId, await hashPassword(password, deps.scryptLogN));
}

/** Change password: her current password first; every other session ends, this one stays. */
export async function changePassword(
  deps: AccountSecurityDeps,
  userId: string,
  currentTokenHash: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await confirmPassword(deps.db, userId, input.currentPassword);
  await assertStrongPassword(input.newPassword, 'newPassword', [user.username, user.name]);
  if (input.currentPassword === input.newPassword) {
    throw badRequest(localText('chooseANewPassword'), [fieldError('newPassword', localText('theNewPasswordMust'))]);
  }
  await setPasswordHash(deps, userId, input.newPassword);
  deps.sessionsEnded(
    userId,
    await deleteSessionsOf(deps.db, deps.caches, userId, currentTokenHash),
    PASSWORD_CHANGED_REASON,
  );
}

/** The answer to an email change or confirmation, its sentence in the asker's language. */
function statusOf(email: string | null, verified: boolean, message: string): EmailStatus {
  return { email, verified, message };
}

/**
 * Sets her email (not yet verified) and mails a 6-digit code; only the code's hash is stored. The answer is
 * in `language` (the request's); the mail in her saved language.
 */
export async function setEmail(
  deps: Pick<AccountSecurityDeps, 'db' | 'caches' | 'mail'>,
  userId: string,
  email: string,
  language: Language,
): Promise<EmailStatus> {
  const { db } = deps;
  const user = await findUser(db, userId);
  if (!user) throw notFound(localText('userNotFound'));
  if (user.email === email && user.emailVerifiedAt) {
    return statusOf(email, true, say(language, 'emailAlreadyVerified'));
  }
  const sent = statusOf(email, false, render(language, localText('emailCodeSent', { email })));
  // A verified address belongs to one account, so a reset link can only ever reach one. Whether an
  // address has an account is private (an outing risk): she gets the same answer, nothing changes, and
  // the owner is told someone tried.
  const taken = await findUserByVerifiedEmail(db, email);
  if (taken && taken.id !== userId) {
    await deps.mail.send({
      to: email,
      ...messagesOf(await memberLanguage(db, taken.id)).emailTakenMail({ name: taken.name, username: taken.username }),
    });
    return sent;
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const mailLanguage = await memberLanguage(db, userId);
  await db.transaction(async (tx) => {
    await updateUser(tx, deps.caches, userId, { email, emailVerifiedAt: null });
    await saveEmailCode(tx, {
      userId,
      email,
      codeHash: sha256(`${userId}:${code}`),
      attempts: 0,
      expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60_000),
    });
    await deps.mail.send(
      {
        to: email,
        ...messagesOf(mailLanguage).emailCodeMail({ name: user.name, code, minutes: EMAIL_CODE_TTL_MINUTES }),
      },
      tx,
    );
  });
  return sent;
}

const badCode = () => badRequest(localText('thatCodeIsNot'), [fieldError('code', localText('thatCodeIsNot'))]);

export async function verifyEmail(
  deps: AccountSecurityDeps,
  userId: string,
  code: string,
  language: Language,
): Promise<EmailStatus> {
  const { db } = deps;
  const pending = await findEmailCode(db, userId);
  const user = await findUser(db, userId);
  // Confirmed meanwhile (on another device): her code is spent, and saying "expired" would send her for a new one.
  if (!pending && user?.email && user.emailVerifiedAt) {
    return statusOf(user.email, true, say(language, 'emailAlreadyVerified'));
  }
  if (!pending || !user || pending.email !== user.email || pending.expiresAt.getTime() <= Date.now()) {
    throw badRequest(localText('thatCodeHasExpired'), [fieldError('code', localText('thatCodeHasExpiredAsk'))]);
  }
  if (pending.attempts >= EMAIL_CODE_MAX_ATTEMPTS) {
    throw badRequest(localText('tooManyWrongCodes'), [fieldError('code', localText('tooManyWrongCodesAsk'))]);
  }
  const expected = Buffer.from(pending.codeHash, 'hex');
  const given = Buffer.from(sha256(`${userId}:${code}`), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await countWrongEmailCode(db, userId);
    throw badCode();
  }
  await db.transaction(async (tx) => {
    await updateUser(tx, deps.caches, userId, { emailVerifiedAt: new Date() });
    await deleteEmailCode(tx, userId);
  });
  return statusOf(user.email, true, say(language, 'emailVerified'));
}

const PASSWORD_RESET_JOB = 'auth.password-reset';
/** Reset mails one account receives in an hour, however many people (and addresses) ask. */
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 5;

/**
 * Queues the reset and returns: the account is looked up by the job, so the answer takes the same
 * time whether `login` names an account or not (a registered address used to answer ~6 ms slower).
 */
export async function requestPasswordReset(deps: Pick<AccountSecurityDeps, 'jobs'>, login: string): Promise<void> {
  // A lone UTF-16 surrogate names no account (and a JSON payload cannot hold it): the same answer, nothing queued.
  if (/\p{Surrogate}/u.test(login)) return;
  await deps.jobs.enqueue(PASSWORD_RESET_JOB, { login }, { maxAttempts: 3 });
}

/**
 * The job: mails a reset link when `login` names an account (username, or verified email) with a
 * verified email, at most RESET_MAILS_PER_ACCOUNT_PER_HOUR an hour, retiring her earlier links; otherwise does
 * nothing.
 */
async function sendPasswordReset(deps: AccountSecurityDeps, login: string, now: Date): Promise<void> {
  const { db } = deps;
  const user = login.includes('@') ? await findUserByVerifiedEmail(db, login) : await findUserByUsername(db, login);
  if (!user?.email || !user.emailVerifiedAt) return;
  const recent = await resetsSince(db, user.id, new Date(now.getTime() - 3_600_000));
  // Enough links are on their way: more would only flood her inbox.
  if (recent >= RESET_MAILS_PER_ACCOUNT_PER_HOUR) return;
  // In her saved language (the asker may be anyone, so never the request's).
  const language = await memberLanguage(db, user.id);
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.publicUrl.replace(/\/$/, '')}/reset-password?token=${token}`;
  await db.transaction(async (tx) => {
    // Only the newest link works (the expired-link page tells her to use the newest email): the earlier ones are
    // spent as this one is made. They still count towards the hour's limit above.
    await lockResetsOf(tx, user.id);
    await spendResetsOf(tx, user.id, now);
    await insertPasswordReset(tx, {
      tokenHash: sha256(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    await deps.mail.send(
      {
        to: user.email as string,
        ...messagesOf(language).passwordResetEmail({
          name: user.name,
          username: user.username,
          minutes: PASSWORD_RESET_TTL_MINUTES,
          link,
        }),
      },
      tx,
    );
  });
}

export function registerPasswordResetJob(deps: AccountSecurityDeps): void {
  deps.jobs.handle(PASSWORD_RESET_JOB, async (payload, { now }) => {
    if (typeof payload.login === 'string') await sendPasswordReset(deps, payload.login, now);
  });
}

const invalidLink = () =>
  badRequest(localText('resetLinkInvalid'), [fieldError('token', localText('resetLinkInvalidField'))]);

/**
 * Whether a reset link can still set a password. Looked up by the token's hash (an indexed equality on
 * a digest, so timing says nothing about how much of a token matched); the answer names no account.
 */
export async function passwordResetUsable(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (token.length < 20 || token.length > 100) return false;
  return (await resetOwner(db, sha256(token), now)) !== undefined;
}

/**
 * Single use: the token is spent in the same statement that checks it, so two tries cannot both win. Returns
 * her username, which the login form is filled with (whoever holds the link is about to own the account).
 */
export async function confirmPasswordReset(
  deps: AccountSecurityDeps,
  input: { token: string; newPassword: string },
): Promise<{ username: string }> {
  const { db } = deps;
  const now = new Date();
  const tokenHash = sha256(input.token);
  // Before the link is spent: a weak or unchanged choice leaves it usable for a better one.
  const owner = await resetOwner(db, tokenHash, now);
  if (!owner) throw invalidLink();
  await assertStrongPassword(input.newPassword, 'newPassword');
  const user = await findUser(db, owner);
  if (!user) throw invalidLink();
  if (await verifyPassword(input.newPassword, user.passwordHash)) {
    throw badRequest(localText('thatIsYourPassword'), [fieldError('newPassword', localText('thatIsYourPassword'))]);
  }
  const userId = await spendReset(db, tokenHash, now);
  if (!userId) throw invalidLink();
  await setPasswordHash(deps, userId, input.newPassword);
  // Every other open link of hers dies with this one.
  await spendResetsOf(db, userId, now);
  deps.sessionsEnded(userId, await deleteSessionsOf(db, deps.caches, userId), PASSWORD_CHANGED_REASON);
  return { username: user.username };
}
