import type { FastifyBaseLogger } from 'fastify';
import type { DiscoveryMode } from '../../../contract/discovery';
import type { Db } from '../../db/client';
import { retryDelayMs, type JobQueue } from '../../jobs';
import { Lru } from '../../lib/lru';
import type { MailOutbox } from '../../mail/mailer';
import { findUser, isPremium } from '../../core';
import { conversationSummaries, unreadConversationCount } from '../chat';
import { attendancesStartingBetween } from '../events';
import { findMatchForMember, otherMember } from '../matches';
import { notificationSettingsOf } from '../preferences';
import { memberSummaries } from '../profiles';
import { channelsFor, type NotificationKind } from './channels';
import { mailFor, pushOptionsFor, pushPayloadFor, type NotificationSubject } from './content';
import { sendPush, type PushOptions } from './push/sender';
import type { VapidKeys } from './push/vapid';
import { deleteSubscription, findSubscription, markPushed, recordFirstSend, subscriptionsOf } from './repository';
import { unsubscribeToken } from './unsubscribe-token';
import { memberLanguage } from '../preferences';
import { messagesOf } from '../../i18n';

/*
 * Email and push for matches, messages, likes, meetup reminders and moderation notices (issues 25, 26).
 * Domain events are announced after their transaction commits; each becomes a durable job here (never
 * work on the request that caused it), and the job decides at run time, from her settings as they are
 * then, whether and how to tell her.
 */

const PUSH_JOB = 'notify.push';
const PUSH_RETRY_JOB = 'notify.push.retry';
const EMAIL_JOB = 'notify.email';
const REMINDER_SCAN_JOB = 'notify.event-reminders';

/** An unread message is mailed when it is still unread, and she still offline, this long after. */
export const MESSAGE_MAIL_DELAY_MS = 15 * 60_000;
const PUSH_MAX_ATTEMPTS = 5;
const REMINDER_SCAN_MS = 5 * 60_000;

export interface DeliveryDeps {
  db: Db;
  jobs: JobQueue;
  mail: MailOutbox;
  /** null: no VAPID keys, push is off on this server. */
  vapid: VapidKeys | null;
  linkKey: Buffer;
  /** Where links in mail point: PUBLIC_URL. */
  appUrl: string;
  /** Who has an open socket on any instance (the realtime presence). */
  onlineAmong: (userIds: readonly string[]) => Promise<Set<string>>;
  log: FastifyBaseLogger;
}

/** What a job carries: ids only; names and texts are read when it runs (and may have changed). */
export type Reference =
  | { kind: 'match'; matchId: string }
  | { kind: 'message'; matchId: string }
  /** `mode` absent on jobs queued before Friends mode: dating. */
  | { kind: 'like'; likerId: string; superLike: boolean; mode?: DiscoveryMode }
  | { kind: 'event_reminder'; eventId: string; title: string; lead: '24h' | '1h' }
  | { kind: 'moderation' };

type Job = Reference & { userId: string };

/** Reads what the notification says; null when there is nothing to say any more (unmatched, read). */
async function resolve(deps: DeliveryDeps, job: Job, channel: 'push' | 'email'): Promise<NotificationSubject | null> {
  const { db } = deps;
  switch (job.kind) {
    case 'match': {
      const match = await findMatchForMember(db, job.matchId, job.userId);
      if (!match) return null;
      const other = (await memberSummaries(db, [otherMember(match, job.userId)])).values().next().value;
      return other
        ? { kind: 'match', matchId: job.matchId, otherName: other.name, friends: match.mode === 'friends' }
        : null;
    }
    case 'message': {
      const match = await findMatchForMember(db, job.matchId, job.userId);
      if (!match) return null;
      const senderId = otherMember(match, job.userId);
      const [summaries, senders, settings] = await Promise.all([
        conversationSummaries(db, job.userId, [job.matchId]),
        memberSummaries(db, [senderId]),
        notificationSettingsOf(db, job.userId),
      ]);
      const summary = summaries.get(job.matchId);
      const sender = senders.get(senderId);
      if (!summary || summary.unreadCount === 0 || !sender) return null;
      const last = summary.lastMessage;
      const preview =
        channel === 'push' && settings.messagePreviews && last?.senderId === senderId && last.messageType === 'text'
          ? last.content
          : null;
      return { kind: 'message', matchId: job.matchId, senderName: sender.name, unread: summary.unreadCount, preview };
    }
    case 'like': {
      const [premium, likers] = await Promise.all([isPremium(db, job.userId), memberSummaries(db, [job.likerId])]);
      const liker = likers.get(job.likerId);
      if (!liker) return null;
      return {
        kind: 'like',
        likerName: premium ? liker.name : null,
        superLike: job.superLike,
        friends: job.mode === 'friends',
      };
    }
    case 'event_reminder':
      return { kind: 'event_reminder', eventId: job.eventId, title: job.title, lead: job.lead };
    case 'moderation':
      return { kind: 'moderation' };
  }
}

async function wanted(deps: DeliveryDeps, userId: string, kind: NotificationKind, now: Date) {
  const [settings, user] = await Promise.all([notificationSettingsOf(deps.db, userId), findUser(deps.db, userId)]);
  if (!user) return { email: false, push: false, to: null };
  const hasVerifiedEmail = Boolean(user.email && user.emailVerifiedAt);
  return { ...channelsFor(settings, kind, { hasVerifiedEmail, now }), to: hasVerifiedEmail ? user.email : null };
}

/** Sends one payload to each of her devices; a device that failed for now gets its own retry job. */
async function pushToDevices(
  deps: DeliveryDeps,
  userId: string,
  payload: string,
  options: PushOptions,
  now: Date,
): Promise<number> {
  const devices = await subscriptionsOf(deps.db, userId);
  for (const device of devices) await pushToDevice(deps, device.id, userId, payload, options, 1, now);
  return devices.length;
}

async function pushToDevice(
  deps: DeliveryDeps,
  subscriptionId: string,
  userId: string,
  payload: string,
  options: PushOptions,
  attempt: number,
  now: Date,
): Promise<void> {
  const { db, vapid, log } = deps;
  if (!vapid) return;
  const device = await findSubscription(db, subscriptionId);
  if (!device) return;
  if (device.expiresAt && device.expiresAt <= now) {
    await deleteSubscription(db, device.id);
    return;
  }
  const outcome = await sendPush(vapid, device, payload, options);
  // The endpoint is a capability URL: logs name the subscription, never where it points.
  switch (outcome.result) {
    case 'sent':
      await markPushed(db, device.id, now);
      return;
    case 'gone':
      await deleteSubscription(db, device.id);
      log.info({ subscriptionId: device.id }, 'push: subscription gone (404/410), deleted');
      return;
    case 'rejected':
      log.warn({ subscriptionId: device.id, status: outcome.status }, 'push: refused by the push service');
      return;
    case 'retry': {
      if (attempt >= PUSH_MAX_ATTEMPTS) {
        log.warn({ subscriptionId: device.id, status: outcome.status }, 'push: giving up after retries');
        return;
      }
      const waitMs = outcome.retryAfterMs ?? retryDelayMs(attempt);
      await deps.jobs.enqueue(
        PUSH_RETRY_JOB,
        { userId, subscriptionId, payload, options: { ...options }, attempt: attempt + 1 },
        { runAt: new Date(now.getTime() + waitMs), maxAttempts: 1 },
      );
    }
  }
}

async function runPush(deps: DeliveryDeps, job: Job, now: Date): Promise<void> {
  if (!deps.vapid) return;
  const channels = await wanted(deps, job.userId, job.kind, now);
  if (!channels.push) return;
  // A message is pushed only to a member with no socket open on any instance: in the app she sees it.
  if (job.kind === 'message' && (await deps.onlineAmong([job.userId])).has(job.userId)) return;
  const subject = await resolve(deps, job, 'push');
  if (!subject) return;
  const badge = await unreadConversationCount(deps.db, job.userId);
  const language = await memberLanguage(deps.db, job.userId);
  const payload = JSON.stringify({ ...pushPayloadFor(subject, language), badge });
  await pushToDevices(deps, job.userId, payload, pushOptionsFor(subject), now);
}

async function runEmail(deps: DeliveryDeps, job: Job, now: Date): Promise<void> {
  const channels = await wanted(deps, job.userId, job.kind, now);
  if (!channels.email || !channels.to) return;
  if (job.kind === 'message' && (await deps.onlineAmong([job.userId])).has(job.userId)) return;
  const subject = await resolve(deps, job, 'email');
  if (!subject) return;
  const language = await memberLanguage(deps.db, job.userId);
  const content = mailFor(subject, deps.appUrl, language);
  const unsubscribe = `${deps.appUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.linkKey, job.userId, job.kind))}`;
  await deps.mail.send({
    to: channels.to,
    subject: content.subject,
    text: `${content.text}\n\n${messagesOf(language).mailFooter({ unsubscribe })}`,
  });
}

/**
 * A push she asked for herself (Share My Date's check-in reminder): sent to her devices whatever her
 * notification toggles and quiet hours say, since she set the time. Queued with the caller's transaction.
 */
export async function queueDirectPush(
  jobs: JobQueue,
  userId: string,
  message: { title: string; body: string; url: string; tag: string },
  tx?: Db,
): Promise<void> {
  await jobs.enqueue(PUSH_JOB, { kind: 'direct', userId, ...message }, { maxAttempts: 3 }, tx);
}

/** Queues both channels for one member; each job decides for itself when it runs. */
export async function notify(deps: DeliveryDeps, userId: string, reference: Exclude<Reference, { kind: 'message' }>) {
  const job = { ...reference, userId };
  await deps.jobs.enqueue(PUSH_JOB, job, { maxAttempts: 3 });
  if (reference.kind !== 'event_reminder' || reference.lead === '24h') {
    await deps.jobs.enqueue(EMAIL_JOB, job, { maxAttempts: 3 });
  }
}

/**
 * A chat message is the one notification that comes at chat's rate, so it costs the message path nothing
 * when nobody needs telling: no push job while she has a socket open on any instance (she sees it in the
 * app), and the conversation's one pending mail job (it counts every unread message when it goes) is
 * queued once per instance per delay, not once per message. The jobs still check again when they run.
 */
export function messageNotifier(deps: DeliveryDeps): (userId: string, matchId: string) => Promise<void> {
  const mailQueued = new Lru<true>({ max: 50_000, ttlMs: MESSAGE_MAIL_DELAY_MS });
  return async (userId, matchId) => {
    const job = { kind: 'message' as const, matchId, userId };
    const mailKey = `mail:message:${userId}:${matchId}`;
    if (!mailQueued.has(mailKey)) {
      mailQueued.set(mailKey, true);
      await deps.jobs.enqueue(EMAIL_JOB, job, {
        runAt: new Date(Date.now() + MESSAGE_MAIL_DELAY_MS),
        dedupeKey: mailKey,
        maxAttempts: 3,
      });
    }
    if ((await deps.onlineAmong([userId])).has(userId)) return;
    await deps.jobs.enqueue(PUSH_JOB, job, { maxAttempts: 3 });
  };
}

/** Meetup reminders: 24 h before (push and email) and 1 h before (push), each once per member and meetup. */
async function scanEventReminders(deps: DeliveryDeps, now: Date): Promise<void> {
  const hour = 3_600_000;
  const windows = [
    { lead: '24h' as const, from: 23 * hour, to: 24 * hour },
    { lead: '1h' as const, from: 0.75 * hour, to: hour },
  ];
  for (const window of windows) {
    const due = await attendancesStartingBetween(
      deps.db,
      new Date(now.getTime() + window.from),
      new Date(now.getTime() + window.to),
    );
    for (const a of due) {
      if (!(await recordFirstSend(deps.db, a.userId, `event:${a.eventId}:${window.lead}`))) continue;
      await notify(deps, a.userId, { kind: 'event_reminder', eventId: a.eventId, title: a.title, lead: window.lead });
    }
  }
}

export function registerDeliveryJobs(deps: DeliveryDeps): void {
  const { jobs } = deps;
  jobs.handle(PUSH_JOB, async (payload, { now }) => {
    if (payload.kind === 'direct') {
      const direct = JSON.stringify({
        kind: 'direct',
        title: String(payload.title),
        body: String(payload.body),
        url: String(payload.url),
        tag: String(payload.tag),
      });
      if (deps.vapid) await pushToDevices(deps, String(payload.userId), direct, { ttl: 900, urgency: 'high' }, now);
      return;
    }
    if (payload.kind === 'test') {
      const userId = String(payload.userId);
      const test = JSON.stringify({
        kind: 'test',
        ...messagesOf(await memberLanguage(deps.db, userId)).pushTest,
        url: '/settings',
        tag: 'test',
      });
      if (deps.vapid) await pushToDevices(deps, userId, test, { ttl: 300, urgency: 'normal' }, now);
      return;
    }
    await runPush(deps, payload as unknown as Job, now);
  });
  jobs.handle(PUSH_RETRY_JOB, async (payload, { now }) => {
    const { userId, subscriptionId, attempt, options } = payload as {
      userId: string;
      subscriptionId: string;
      attempt: number;
      options: PushOptions;
    };
    await pushToDevice(deps, subscriptionId, userId, String(payload.payload), options, attempt, now);
  });
  jobs.handle(EMAIL_JOB, async (payload, { now }) => runEmail(deps, payload as unknown as Job, now));
  jobs.every(REMINDER_SCAN_JOB, REMINDER_SCAN_MS, (now) => scanEventReminders(deps, now));
}

/** The test notification of Settings: one push to each of her devices, whatever her switches say. */
export async function queueTestPush(deps: DeliveryDeps, userId: string): Promise<number> {
  const devices = await subscriptionsOf(deps.db, userId);
  if (devices.length > 0) await deps.jobs.enqueue(PUSH_JOB, { kind: 'test', userId }, { maxAttempts: 1 });
  return devices.length;
}
