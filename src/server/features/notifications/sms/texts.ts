import { createHash, randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  SMS_CODE_TRIES,
  SMS_CODE_TTL_MS,
  SMS_MIN_INTERVAL_MS,
  type SmsSettings,
  type smsSettingsBody,
} from '../../../../contract/sms';
import type { Db } from '../../../db/client';
import { AppError, badRequest, codeRefused, fieldError, newCodeNeeded, tooManyRequests } from '../../../http/errors';
import type { JobQueue } from '../../../jobs';
import { normalisePhone } from './phone';
import { maskPhone, type SmsProvider } from './provider';
import { memberLanguage } from '../../preferences';
import { localText, messagesOf, render, say, type Language } from '../../../i18n';
import {
  claimMatchText,
  confirmPendingPhone,
  countWrongCode,
  deleteText,
  recordText,
  reserveCodeText,
  setProviderId,
  setSmsSettings,
  smsSettingsOf,
  stopTextsTo,
  upsertSmsSettings,
  type SmsRow,
} from '../repository';

export const SMS_MATCH_JOB = 'sms.match';

export interface SmsDeps {
  db: Db;
  provider: SmsProvider;
  jobs: JobQueue;
  /** SMS_COUNTRIES: the ISO codes of the countries whose numbers may be texted. */
  countries: readonly string[];
}

/** Verification texts: per number per hour (whichever accounts ask), per account per day (SMS pumping). */
export const SMS_CODES_PER_NUMBER_PER_HOUR = 3;
export const SMS_CODES_PER_ACCOUNT_PER_DAY = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const hashNumber = (phone: string) => createHash('sha256').update(phone).digest('hex');

const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** The number her settings show: the one waiting for its code, else the confirmed one. */
const shownNumber = (row: SmsRow | undefined): string | null => row?.pendingPhone ?? row?.phoneNumber ?? null;

function present(row: SmsRow | undefined): SmsSettings {
  const shown = shownNumber(row);
  return {
    phoneNumber: shown && maskPhone(shown),
    smsNotifications: row?.enabled ?? false,
    pendingVerification: row?.pendingPhone != null,
  };
}

export async function getSmsSettings(db: Db, userId: string): Promise<SmsSettings> {
  return present(await smsSettingsOf(db, userId));
}

/** Hands one text to the provider now and records it in the outbox (number masked). */
async function sendNow(
  deps: SmsDeps,
  userId: string,
  to: string,
  body: string,
  purpose: 'notice' | 'contact' = 'notice',
): Promise<void> {
  const providerId = await deps.provider.send(to, body);
  await recordText(deps.db, {
    userId,
    toMasked: maskPhone(to),
    toHash: hashNumber(to),
    purpose,
    body,
    provider: deps.provider.name,
    providerId,
  });
}

const tooManyCodes = (retryAfterSeconds: number) =>
  tooManyRequests(localText('tooManyCodesSent'), Math.max(1, Math.ceil(retryAfterSeconds)));

/**
 * Sends a verification code within the limits, which are checked and the text recorded in one
 * transaction holding a lock per account and per number: 40 saves at once send at most the limit.
 * The record is written before the provider is called; if the provider fails it is removed again.
 */
async function sendCode(deps: SmsDeps, userId: string, to: string, body: string, now: Date): Promise<void> {
  const { db } = deps;
  const reserved = await reserveCodeText(
    db,
    { userId, toMasked: maskPhone(to), toHash: hashNumber(to), body, provider: deps.provider.name, sentAt: now },
    {
      perNumber: SMS_CODES_PER_NUMBER_PER_HOUR,
      perAccount: SMS_CODES_PER_ACCOUNT_PER_DAY,
      hourAgo: new Date(now.getTime() - HOUR_MS),
      dayAgo: new Date(now.getTime() - DAY_MS),
    },
  );
  if (reserved.outcome !== 'reserved') {
    const window = reserved.outcome === 'per_number' ? HOUR_MS : DAY_MS;
    throw tooManyCodes((reserved.first.getTime() + window - now.getTime()) / 1000);
  }
  const recordId = reserved.id;
  try {
    const providerId = await deps.provider.send(to, body);
    if (recordId) await setProviderId(db, recordId, providerId);
  } catch {
    if (recordId) await deleteText(db, recordId);
    throw new AppError(503, 'INTERNAL', localText('weCouldntSendA'));
  }
}

/**
 * Turning SMS off always works. Turning it on for a number not yet confirmed sends a 6-digit code to
 * that number and waits for POST …/verify; a confirmed number turns on at once.
 */
export async function updateSmsSettings(
  deps: SmsDeps,
  userId: string,
  input: z.output<typeof smsSettingsBody>,
  language: Language,
): Promise<SmsSettings & { message: string }> {
  const { db } = deps;
  const row = await smsSettingsOf(db, userId);
  const now = new Date();
  if (!input.smsNotifications) {
    const values = { enabled: false, pendingPhone: null, codeHash: null, codeExpiresAt: null, updatedAt: now };
    const saved = await upsertSmsSettings(db, userId, values);
    return { ...present(saved), message: say(language, 'smsOff') };
  }
  const typed = input.phoneNumber?.trim() ?? '';
  // No number typed: the one her settings show (Settings' "Send a new code", or Save number with the field empty
  // after a reload).
  const phone = typed === '' ? shownNumber(row) : normalisePhone(typed, deps.countries);
  if (!phone) {
    throw badRequest(localText('enterYourPhoneNumber'), [fieldError('phoneNumber', localText('enterYourPhoneNumber'))]);
  }
  if (phone === row?.phoneNumber) {
    const values = { enabled: true, pendingPhone: null, codeHash: null, codeExpiresAt: null, updatedAt: now };
    const saved = await setSmsSettings(db, userId, values);
    return { ...present(saved), message: render(language, localText('smsOnFor', { phone: maskPhone(phone) })) };
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The limits first: a refused request leaves her settings as they were.
  // The text in her saved language; the answer in the request's.
  await sendCode(deps, userId, phone, messagesOf(await memberLanguage(deps.db, userId)).smsCode({ code }), now);
  const values = {
    pendingPhone: phone,
    codeHash: hashCode(userId, code),
    codeExpiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    codeAttempts: 0,
    updatedAt: now,
  };
  await upsertSmsSettings(db, userId, values);
  return {
    ...present(await smsSettingsOf(db, userId)),
    message: render(language, localText('smsCodeSentTo', { phone: maskPhone(phone) })),
  };
}

/** Confirms the pending number: 5 tries, 10 minutes. */
export async function verifySmsCode(
  db: Db,
  userId: string,
  code: string,
  language: Language,
  now = new Date(),
): Promise<SmsSettings & { message: string }> {
  const row = await smsSettingsOf(db, userId);
  if (!row?.pendingPhone || !row.codeHash || !row.codeExpiresAt) throw codeRefused(localText('noCodeIsWaiting'));
  if (row.codeExpiresAt.getTime() <= now.getTime()) throw newCodeNeeded(localText('thisCodeHasExpired'));
  if (row.codeAttempts >= SMS_CODE_TRIES) throw newCodeNeeded(localText('tooManyWrongCodesSave'));
  if (hashCode(userId, code) !== row.codeHash) {
    // Counted in the statement so parallel guesses cannot all pass the check above.
    const attempts = await countWrongCode(db, userId);
    const left = Math.max(0, SMS_CODE_TRIES - (attempts ?? SMS_CODE_TRIES));
    if (left > 0) throw codeRefused(localText('codeNotRightTriesLeft', { left }));
    throw newCodeNeeded(localText('tooManyWrongCodesSave'));
  }
  const saved = await confirmPendingPhone(db, row, now);
  if (!saved) throw codeRefused(localText('thatCodeWasAlready'));
  return { ...present(saved), message: say(language, 'smsConfirmed') };
}

/**
 * A new match for someone with no open socket: one text, through the durable job queue, at most one
 * per member per 15 minutes (claimed atomically on her row, so two matches at once queue one text).
 * One statement, which touches nothing for the many members without SMS.
 */
export async function queueMatchText(deps: SmsDeps, userId: string, now = new Date()): Promise<boolean> {
  const { db } = deps;
  const since = new Date(now.getTime() - SMS_MIN_INTERVAL_MS);
  if (!(await claimMatchText(db, userId, since, now))) return false;
  await deps.jobs.enqueue(SMS_MATCH_JOB, { userId }, { maxAttempts: 5 });
  return true;
}

/** The job: re-reads her settings (she may have sent STOP since) and sends the fixed text. */
export async function sendMatchText(deps: SmsDeps, userId: string): Promise<void> {
  const row = await smsSettingsOf(deps.db, userId);
  if (!row?.enabled || !row.phoneNumber) return;
  await sendNow(deps, userId, row.phoneNumber, say(await memberLanguage(deps.db, userId), 'smsMatch'));
}

export const SMS_CONTACT_JOB = 'sms.contact';

/**
 * A text from Steep on a member's behalf to someone who is not a member (a trusted contact of Share My
 * Date), queued with the caller's transaction: a rolled-back plan texts nobody. The caller has checked
 * the number (`normalisePhone`) and its own limits; the outbox records it under her id, number masked.
 */
export async function queueContactText(
  jobs: JobQueue,
  text: { userId: string; to: string; body: string },
  tx?: Db,
): Promise<void> {
  await jobs.enqueue(SMS_CONTACT_JOB, { ...text }, { maxAttempts: 5 }, tx);
}

export async function sendContactText(deps: SmsDeps, payload: Record<string, unknown>): Promise<void> {
  const { userId, to, body } = payload;
  if (typeof userId !== 'string' || typeof to !== 'string' || typeof body !== 'string') return;
  await sendNow(deps, userId, to, body, 'contact');
}

/** Twilio's opt-out words: any of them turns her SMS off. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);

export async function handleInboundSms(db: Db, from: string, body: string): Promise<boolean> {
  if (!STOP_WORDS.has(body.trim().toUpperCase())) return false;
  return stopTextsTo(db, from);
}
