import { CHECK_IN_GRACE_MS } from '../../../contract/datesafety';
import type { Db } from '../../db/client';
import { findUser } from '../../core';
import type { JobQueue } from '../../jobs';
import { MAIL_JOB } from '../../mail/mailer';
import { queueDirectPush } from '../notifications';
import { claimAlert, contactsOfPlan, deletePlansExpiredBefore, openPlan } from './repository';
import { ALERT_JOB, CHECK_IN_JOB, factsOf, queueToContact } from './service';
import { alertText, timeLabel } from './texts';
import { memberLanguage } from '../preferences';
import { messagesOf } from '../../i18n';

const PURGE_JOB = 'datesafety.purge';
/** Ended plans (and the contacts' numbers and addresses) are kept this long after the link stops, then deleted. */
const KEEP_AFTER_EXPIRY_MS = 7 * 24 * 3_600_000;

interface CheckInDeps {
  db: Db;
  jobs: JobQueue;
  appUrl: string;
}

const planIdOf = (payload: Record<string, unknown>) => (typeof payload.planId === 'string' ? payload.planId : null);

/** At her check-in time: a push to her devices and a mail to her verified address, unless she is already safe. */
async function remind(deps: CheckInDeps, planId: string): Promise<void> {
  const { db } = deps;
  const plan = await openPlan(db, planId);
  if (!plan) return;
  const user = await findUser(db, plan.userId);
  if (!user) return;
  const graceMinutes = CHECK_IN_GRACE_MS / 60_000;
  // In her language (her saved setting): the push and the mail are for her.
  const language = await memberLanguage(db, plan.userId);
  const push = messagesOf(language).pushCheckIn({ graceMinutes });
  await db.transaction(async (tx) => {
    await queueDirectPush(deps.jobs, plan.userId, { ...push, url: '/home', tag: `date-check-in:${plan.id}` }, tx);
    if (user.email && user.emailVerifiedAt) {
      await deps.jobs.enqueue(
        MAIL_JOB,
        {
          to: user.email,
          ...messagesOf(language).checkInMail({
            time: timeLabel(plan.checkInAt ?? new Date(), plan.timeZone, language),
            body: push.body,
            link: `${deps.appUrl}/home`,
          }),
          userId: plan.userId,
        },
        { maxAttempts: 8 },
        tx,
      );
    }
  });
}

/**
 * 15 minutes after her check-in time: if she has not tapped "I'm safe", each contact is told once. The
 * plan row is claimed (`alertedAt` set where it is still null) in the transaction that queues the texts,
 * so a retried job, a second worker or a restarted one finds it claimed and sends nothing more.
 */
async function alertContacts(deps: CheckInDeps, planId: string, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const plan = await claimAlert(tx, planId, now, CHECK_IN_GRACE_MS);
    if (!plan) return;
    const facts = await factsOf(tx, plan);
    if (!facts) return;
    const contacts = await contactsOfPlan(tx, plan.id);
    const text = alertText(facts, await memberLanguage(tx, plan.userId));
    for (const contact of contacts) await queueToContact(deps, contact, text, tx);
  });
}

/** The check-in's jobs; a new queue (a restarted worker, another instance) registers them the same way. */
export function registerCheckInJobs(deps: CheckInDeps): void {
  deps.jobs.handle(CHECK_IN_JOB, async (payload) => {
    const planId = planIdOf(payload);
    if (planId) await remind(deps, planId);
  });
  deps.jobs.handle(ALERT_JOB, async (payload, { now }) => {
    const planId = planIdOf(payload);
    if (planId) await alertContacts(deps, planId, now);
  });
  deps.jobs.every(PURGE_JOB, 3_600_000, async (now) => {
    await deletePlansExpiredBefore(deps.db, new Date(now.getTime() - KEEP_AFTER_EXPIRY_MS));
  });
}
