import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MINUTES,
  NOTHING_TO_CONFIRM,
  PASSWORD_RESET_TTL_MINUTES,
  type EmailStatus,
} from '../../../contract/account';
import { PASSWORD_CHANGED_REASON } from '../../../contract/realtime-protocol';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import {
  claimVerifiedEmail,
  deleteSessionsOf,
  findUser,
  findUserByUsername,
  findUserByVerifiedEmail,
  setPasswordHash as storePasswordHash,
  updateUser,
  type UserRow,
} from '../../core';
import {
  AppError,
  badRequest,
  codeRefused,
  conflict,
  newCodeNeeded,
  notFound,
  tooManyRequests,
} from '../../http/errors';
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
function statusOf(
  user: { email: string | null; verified: boolean; pendingEmail: string | null },
  message: string,
): EmailStatus {
  return { email: user.email, verified: user.verified, pendingEmail: user.pendingEmail, message };
}

/** Her confirmed address, or null while she has none confirmed. */
const confirmedEmailOf = (user: UserRow) => (user.email && user.emailVerifiedAt ? user.email : null);

/**
 * An address as the security notice to her old one names it: the first character of the name, the domain
 * whole ("n•••@example.com"). Enough for her to recognise her own new address, not enough to hand whoever
 * reads her old inbox the new one.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const name = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  return `${[...name][0] ?? ''}•••${domain}`;
}

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Add or change her email, with a 6-digit code mailed to the new address; only the code's hash is stored. The
 * answer is in `language` (the request's); mail in her saved language.
 *
 * - No confirmed email yet: the address becomes her email, unverified, until the code confirms it.
 * - A confirmed email: the new address is only pending (`users.pending_email`); her confirmed one stays her email
 *   (reset links, notices) until the code is given, and it is told of the request (the new address masked),
 *   after commit through the mail queue. Asking again with another address replaces the pending one and its
 *   code; with her confirmed address, cancels the change.
 *
 * Whether an address has an account is private (an outing risk): an address another member has verified gets
 * exactly the answer and the state any other gets (its code, never sent, cannot be given), and that member is
 * told someone tried. A verified address belongs to one account: that is decided when a code confirms it
 * (core `claimVerifiedEmail`), so nothing here reserves an address.
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
  const confirmed = confirmedEmailOf(user);
  if (confirmed === email) {
    // Back to the address she has: a pending change, if any, is over, and she is told which of the two happened.
    const kept = user.pendingEmail ? 'emailKeptChangeCancelled' : 'emailIsAlreadyYours';
    if (user.pendingEmail) await dropPendingEmail(deps, userId);
    return statusOf({ email, verified: true, pendingEmail: null }, render(language, localText(kept, { email })));
  }
  const taken = await findUserByVerifiedEmail(db, email);
  const code = newCode();
  const mailLanguage = await memberLanguage(db, userId);
  const mail = messagesOf(mailLanguage);
  await db.transaction(async (tx) => {
    await updateUser(
      tx,
      deps.caches,
      userId,
      confirmed ? { pendingEmail: email } : { email, emailVerifiedAt: null, pendingEmail: null },
    );
    await saveEmailCode(tx, {
      userId,
      email,
      codeHash: sha256(`${userId}:${code}`),
      expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60_000),
    });
    if (taken && taken.id !== userId) {
      await deps.mail.send(
        {
          to: email,
          ...messagesOf(await memberLanguage(tx, taken.id)).emailTakenMail({
            name: taken.name,
            username: taken.username,
          }),
        },
        tx,
      );
    } else {
      await deps.mail.send(
        { to: email, ...mail.emailCodeMail({ name: user.name, code, minutes: EMAIL_CODE_TTL_MINUTES }) },
        tx,
      );
    }
    // Her confirmed address hears of each new address asked for (not of "Send a new code" to the same one).
    if (confirmed && user.pendingEmail !== email) {
      await deps.mail.send(
        {
          to: confirmed,
          ...mail.emailChangeRequestedMail({ name: user.name, username: user.username, masked: maskEmail(email) }),
        },
        tx,
      );
    }
  });
  return confirmed
    ? statusOf(
        { email: confirmed, verified: true, pendingEmail: email },
        render(language, localText('emailChangeCodeSent', { email, current: confirmed })),
      )
    : statusOf({ email, verified: false, pendingEmail: null }, render(language, localText('emailCodeSent', { email })));
}

/**
 * `POST /api/account/email`: her current password first, then `setEmail`. The address reset links go to is the
 * key to the account: with only her session, someone could set an address of theirs, confirm it and reset the
 * password. Checked before anything is written or any mail queued; a wrong one counts towards the same throttle
 * as changing the password or deleting the account.
 */
export async function changeEmail(
  deps: Pick<AccountSecurityDeps, 'db' | 'caches' | 'mail'>,
  userId: string,
  input: { email: string; currentPassword: string },
  language: Language,
): Promise<EmailStatus> {
  await confirmPassword(deps.db, userId, input.currentPassword);
  return setEmail(deps, userId, input.email, language);
}

/** No address is waiting for a code: said as such (409), with her confirmed email when she has one. */
const nothingToConfirm = (confirmed: string | null) =>
  new AppError(
    409,
    NOTHING_TO_CONFIRM,
    confirmed ? localText('emailNothingWaiting', { email: confirmed }) : localText('emailNoneWaiting'),
  );

/**
 * "Send a new code": a new code to the address already waiting for one (her unverified email, or her pending
 * one), never to an address the request names, so it needs no password: it can only repeat what she asked for.
 * Nothing waiting (confirmed or cancelled meanwhile): 409 NOTHING_TO_CONFIRM, nothing sent.
 */
export async function resendEmailCode(
  deps: Pick<AccountSecurityDeps, 'db' | 'caches' | 'mail'>,
  userId: string,
  language: Language,
): Promise<EmailStatus> {
  const user = await findUser(deps.db, userId);
  if (!user) throw notFound(localText('userNotFound'));
  const confirmed = confirmedEmailOf(user);
  const waiting = user.pendingEmail ?? (confirmed ? null : user.email);
  if (!waiting) throw nothingToConfirm(confirmed);
  return setEmail(deps, userId, waiting, language);
}

async function dropPendingEmail(deps: Pick<AccountSecurityDeps, 'db' | 'caches'>, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, deps.caches, userId, { pendingEmail: null });
    await deleteEmailCode(tx, userId);
  });
}

/** Cancel a pending change: her confirmed email stays, the code sent to the new address stops working. */
export async function cancelEmailChange(
  deps: Pick<AccountSecurityDeps, 'db' | 'caches'>,
  userId: string,
  language: Language,
): Promise<EmailStatus> {
  const user = await findUser(deps.db, userId);
  if (!user) throw notFound(localText('userNotFound'));
  const verified = confirmedEmailOf(user) !== null;
  if (!user.pendingEmail || !user.email) {
    return statusOf({ email: user.email, verified, pendingEmail: null }, say(language, 'noEmailChangeWaiting'));
  }
  await dropPendingEmail(deps, userId);
  return statusOf(
    { email: user.email, verified, pendingEmail: null },
    render(language, localText('emailChangeCancelled', { email: user.email })),
  );
}

const codeExpired = () => newCodeNeeded(localText('thatCodeHasExpired'), localText('thatCodeHasExpiredAsk'));
const tooManyWrongCodes = () => newCodeNeeded(localText('tooManyWrongCodes'), localText('tooManyWrongCodesAsk'));

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * Confirms the address her code was sent to: her first email, or a pending change, which then takes the
 * confirmed one's place (and her old address is told, masked). A refusal says which: too many wrong tries, a code
 * replaced by a newer one, an expired code, or a wrong one (every guess that is not the current code counts
 * towards the limit). Another member who confirmed the address meanwhile: 409, and the change is dropped (her
 * confirmed email stays) or a first address removed. No address waiting at all: 409 NOTHING_TO_CONFIRM.
 */
export async function verifyEmail(
  deps: AccountSecurityDeps,
  userId: string,
  code: string,
  language: Language,
): Promise<EmailStatus> {
  const { db } = deps;
  const [pending, user] = await Promise.all([findEmailCode(db, userId), findUser(db, userId)]);
  if (!user) throw notFound(localText('userNotFound'));
  const confirmed = confirmedEmailOf(user);
  const target = user.pendingEmail ?? (confirmed ? null : user.email);
  // Confirmed or cancelled meanwhile (often on her other device): a 409 that says so, never "verified" (a screen
  // that is behind would take any code for a right one) nor "expired" (which would send her for a new one).
  if (!target) throw nothingToConfirm(confirmed);
  if (!pending || pending.email !== target) throw codeExpired();
  if (pending.attempts >= EMAIL_CODE_MAX_ATTEMPTS) throw tooManyWrongCodes();
  const given = sha256(`${userId}:${code}`);
  const expired = pending.expiresAt.getTime() <= Date.now();
  if (!sameHash(pending.codeHash, given)) {
    const replaced = pending.replacedCodeHashes.some((hash) => sameHash(hash, given));
    if (expired && !replaced) throw codeExpired();
    const wrongSoFar = await countWrongEmailCode(db, userId);
    if (replaced) throw codeRefused(localText('thatCodeWasReplaced'));
    // As with a phone code: she is told how many guesses remain, and on the last one what to do next.
    const left = EMAIL_CODE_MAX_ATTEMPTS - wrongSoFar;
    if (left <= 0) throw tooManyWrongCodes();
    throw codeRefused(localText('codeNotRightTriesLeft', { left }));
  }
  if (expired) throw codeExpired();
  // A change (not a first address): her old address is told it is no longer hers on Steep.
  const replaced = user.pendingEmail ? confirmed : null;
  const mail = replaced ? messagesOf(await memberLanguage(db, userId)) : null;
  const claimed = await db.transaction(async (tx) => {
    const won = await claimVerifiedEmail(tx, deps.caches, userId, target);
    if (!won) return false;
    await deleteEmailCode(tx, userId);
    // Queued with the change, sent after commit by the mail job: told only of a change that happened.
    if (replaced && mail) {
      await deps.mail.send(
        {
          to: replaced,
          ...mail.emailChangedMail({ name: user.name, username: user.username, masked: maskEmail(target) }),
        },
        tx,
      );
    }
    return true;
  });
  if (!claimed) {
    if (user.pendingEmail) {
      // The change is dropped; her confirmed email stays.
      await dropPendingEmail(deps, userId);
      throw conflict(localText('emailConfirmedElsewhere'), [fieldError('code', localText('emailConfirmedElsewhere'))]);
    }
    // A first address nothing can confirm now: kept, it would leave her a code box (here and on Discover's
    // reminder) that no code can ever satisfy, so it goes and she is asked for another.
    await db.transaction(async (tx) => {
      await updateUser(tx, deps.caches, userId, { email: null, emailVerifiedAt: null, pendingEmail: null });
      await deleteEmailCode(tx, userId);
    });
    const taken = localText('emailConfirmedElsewhereFirst', { email: target });
    throw conflict(taken, [fieldError('email', taken)]);
  }
  return replaced
    ? statusOf(
        { email: target, verified: true, pendingEmail: null },
        render(language, localText('emailChangeConfirmed', { email: target })),
      )
    : statusOf({ email: target, verified: true, pendingEmail: null }, say(language, 'emailVerified'));
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
