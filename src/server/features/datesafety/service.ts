import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  CHECK_IN_GRACE_MS,
  DATE_PLAN_TEXTS_PER_ADDRESS_PER_DAY,
  DATE_PLANS_PER_DAY,
  PLAN_LINK_TTL_MS,
  type DatePlan,
  type SharedDatePlan,
  type createDatePlanBody,
} from '../../../contract/datesafety';
import type { Db } from '../../db/client';
import { findUser } from '../../core';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../http/errors';
import type { JobQueue } from '../../jobs';
import { MAIL_JOB } from '../../mail/mailer';
import { eventTitles } from '../events';
import { findMatchForMember, otherMember } from '../matches';
import { memberSummaries } from '../profiles';
import { maskPhone, normalisePhone, queueContactText } from '../notifications';
import {
  cancelPlanOf,
  contactsOf,
  insertContacts,
  insertPlan,
  livePlansOf,
  lockPlansOf,
  markPlanSafe,
  planByLink,
  planOf,
  plansPerAddressSince,
  plansSharedSince,
  type ContactRow,
  type PlanRow,
} from './repository';
import { firstNameOf, safeAfterAlertText, sharedText, timeLabel, type PlanFacts } from './texts';
import { localText, type Language } from '../../i18n';
import { memberLanguage } from '../preferences';
import { fieldError, type FieldError } from '../../http/errors';

export const CHECK_IN_JOB = 'datesafety.check-in';
export const ALERT_JOB = 'datesafety.alert';

const DAY_MS = 24 * 3_600_000;
/** A plan is for a date soon: not more than this far ahead. */
const PLAN_HORIZON_MS = 30 * DAY_MS;

export interface DateSafetyDeps {
  db: Db;
  jobs: JobQueue;
  /** SMS_COUNTRIES: a contact's number must be in one of them (the project's one rule against SMS pumping). */
  countries: readonly string[];
  /** PUBLIC_URL: where the contacts' links point. */
  appUrl: string;
  now: () => Date;
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

const emailAddress = z.email();

function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

const statusOf = (plan: PlanRow): DatePlan['status'] =>
  plan.cancelledAt ? 'cancelled' : plan.alertedAt && !plan.safeAt ? 'alerted' : plan.safeAt ? 'safe' : 'active';

/** The match's first name and photo: read live, so an unmatch or a block takes them off the plan. */
async function partnerOf(db: Db, plan: Pick<PlanRow, 'matchId' | 'userId'>) {
  if (!plan.matchId) return null;
  const match = await findMatchForMember(db, plan.matchId, plan.userId);
  if (!match) return null;
  const partnerId = otherMember(match, plan.userId);
  const summary = (await memberSummaries(db, [partnerId])).get(partnerId);
  return summary ? { firstName: firstNameOf(summary.name), photo: summary.photo } : null;
}

async function eventTitleOf(db: Db, eventId: string | null): Promise<string | null> {
  if (!eventId) return null;
  return (await eventTitles(db, [eventId])).get(eventId) ?? null;
}

/** What the texts say about a plan, read when they are written. */
export async function factsOf(db: Db, plan: PlanRow): Promise<PlanFacts | null> {
  const sharer = await findUser(db, plan.userId);
  if (!sharer) return null;
  const [partner, eventTitle] = await Promise.all([partnerOf(db, plan), eventTitleOf(db, plan.eventId)]);
  return {
    sharer: firstNameOf(sharer.name),
    place: plan.place,
    startsAt: plan.startsAt,
    timeZone: plan.timeZone,
    withName: partner?.firstName ?? null,
    eventTitle,
    checkInAt: plan.checkInAt,
  };
}

async function present(db: Db, plan: PlanRow, contacts: ContactRow[]): Promise<DatePlan> {
  const [partner, eventTitle] = await Promise.all([partnerOf(db, plan), eventTitleOf(db, plan.eventId)]);
  return {
    id: plan.id,
    status: statusOf(plan),
    place: plan.place,
    startsAt: plan.startsAt.toISOString(),
    checkInAt: plan.checkInAt?.toISOString() ?? null,
    timeZone: plan.timeZone,
    matchId: plan.matchId,
    eventId: plan.eventId,
    with: partner,
    eventTitle,
    contacts: contacts.map((c) => ({
      name: c.name,
      channel: c.channel,
      address: c.channel === 'sms' ? maskPhone(c.address) : maskEmail(c.address),
    })),
    createdAt: plan.createdAt.toISOString(),
  };
}

/** One message to one contact, through the queue, in the caller's transaction. */
export async function queueToContact(
  deps: Pick<DateSafetyDeps, 'jobs'>,
  contact: Pick<ContactRow, 'channel' | 'address' | 'userId'>,
  message: { subject: string; text: string },
  tx: Db,
): Promise<void> {
  if (contact.channel === 'sms') {
    await queueContactText(deps.jobs, { userId: contact.userId, to: contact.address, body: message.text }, tx);
  } else {
    // `userId` names her, so account deletion drops a mail not yet sent (jobs.forgetJobsNaming).
    await deps.jobs.enqueue(
      MAIL_JOB,
      { to: contact.address, ...message, userId: contact.userId },
      { maxAttempts: 8 },
      tx,
    );
  }
}

function parseTimes(body: z.output<typeof createDatePlanBody>, now: Date, errors: FieldError[]) {
  const startsAt = new Date(body.startsAt);
  const checkInAt = body.checkInAt ? new Date(body.checkInAt) : null;
  if (startsAt.getTime() < now.getTime() - 12 * 3_600_000) {
    errors.push(fieldError('startsAt', localText('chooseATimeThat')));
  } else if (startsAt.getTime() > now.getTime() + PLAN_HORIZON_MS) {
    errors.push(fieldError('startsAt', localText('shareAPlanFor')));
  }
  if (checkInAt) {
    if (checkInAt.getTime() <= now.getTime()) {
      errors.push(fieldError('checkInAt', localText('chooseACheckIn')));
    } else if (checkInAt.getTime() < startsAt.getTime()) {
      errors.push(fieldError('checkInAt', localText('chooseACheckInTime')));
    } else if (checkInAt.getTime() > startsAt.getTime() + DAY_MS - CHECK_IN_GRACE_MS) {
      errors.push(fieldError('checkInAt', localText('chooseACheckInTimeOn')));
    }
  }
  return { startsAt, checkInAt };
}

/** Every contact checked, each problem beside its field (not one round at a time). */
function normaliseContacts(
  body: z.output<typeof createDatePlanBody>,
  countries: readonly string[],
  errors: FieldError[],
) {
  const seen = new Set<string>();
  return body.contacts.map((contact, index) => {
    const field = `contacts.${index}.address`;
    let address = contact.address.toLowerCase();
    if (contact.channel === 'sms') {
      try {
        address = normalisePhone(contact.address, countries, field);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        errors.push(...(error.details?.errors ?? [{ path: field, message: error.message, text: error.text }]));
        return { ...contact, address: contact.address };
      }
    } else if (!emailAddress.safeParse(address).success) {
      errors.push(fieldError(field, localText('enterAValidEmail')));
      return { ...contact, address };
    }
    if (seen.has(address)) errors.push(fieldError(field, localText('thisContactIsAlready')));
    seen.add(address);
    return { ...contact, address };
  });
}

const newToken = () => randomBytes(32).toString('base64url');

/**
 * Shares a plan: checked, limited (plans per member and texts per address per day, counted under a lock
 * per member so a burst cannot pass the count together), stored with each contact's hashed link, and the
 * texts, mails and check-in jobs queued in the same transaction. Nothing is sent on this request.
 */
export async function createPlan(
  deps: DateSafetyDeps,
  userId: string,
  body: z.output<typeof createDatePlanBody>,
): Promise<DatePlan> {
  const { db } = deps;
  const now = deps.now();
  const errors: FieldError[] = [];
  const { startsAt, checkInAt } = parseTimes(body, now, errors);
  const contacts = normaliseContacts(body, deps.countries, errors);
  if (errors.length > 0) throw badRequest(errors[0]?.text ?? errors[0]?.message ?? localText('checkThePlan'), errors);
  if (body.matchId && !(await findMatchForMember(db, body.matchId, userId)))
    throw notFound(localText('conversationNotFound'));
  if (body.eventId && (await eventTitleOf(db, body.eventId)) === null) throw notFound(localText('meetupNotFound'));
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const links: { contact: (typeof contacts)[number]; token: string }[] = contacts.map((contact) => ({
    contact,
    token: newToken(),
  }));
  const { plan, rows } = await db.transaction(async (tx) => {
    await lockPlansOf(tx, userId);
    if ((await plansSharedSince(tx, userId, dayAgo)) >= DATE_PLANS_PER_DAY) {
      throw tooManyRequests(localText('datePlansPerDay', { count: DATE_PLANS_PER_DAY }), 3600, 'LIMIT_REACHED');
    }
    const hashes = contacts.map((c) => hashOf(c.address));
    const sent = await plansPerAddressSince(tx, hashes, dayAgo);
    const index = hashes.findIndex((hash) => (sent.get(hash) ?? 0) >= DATE_PLAN_TEXTS_PER_ADDRESS_PER_DAY);
    if (index !== -1) {
      throw new AppError(429, 'LIMIT_REACHED', localText('thisContactHasBeen'), {
        errors: [fieldError(`contacts.${index}.address`, localText('thisContactHasBeenField'))],
        retryAfterSeconds: 3600,
      });
    }
    const plan = await insertPlan(tx, {
      userId,
      matchId: body.matchId ?? null,
      eventId: body.eventId ?? null,
      place: body.place,
      startsAt,
      timeZone: body.timeZone,
      checkInAt,
      expiresAt: new Date(startsAt.getTime() + PLAN_LINK_TTL_MS),
      createdAt: now,
    });
    const rows = await insertContacts(
      tx,
      links.map(({ contact, token }) => ({
        planId: plan.id,
        userId,
        name: contact.name,
        channel: contact.channel,
        address: contact.address,
        addressHash: hashOf(contact.address),
        tokenHash: hashOf(token),
        createdAt: now,
      })),
    );
    const facts = await factsOf(tx, plan);
    if (facts) {
      const language = await memberLanguage(tx, userId);
      for (const { contact, token } of links) {
        const text = sharedText(facts, `${deps.appUrl}/date/${token}`, language);
        await queueToContact(deps, { ...contact, userId }, text, tx);
      }
    }
    if (checkInAt) {
      const payload = { userId, planId: plan.id };
      await deps.jobs.enqueue(CHECK_IN_JOB, payload, { runAt: checkInAt, dedupeKey: `${CHECK_IN_JOB}:${plan.id}` }, tx);
      await deps.jobs.enqueue(
        ALERT_JOB,
        payload,
        { runAt: new Date(checkInAt.getTime() + CHECK_IN_GRACE_MS), dedupeKey: `${ALERT_JOB}:${plan.id}` },
        tx,
      );
    }
    return { plan, rows };
  });
  return present(db, plan, rows);
}

/** Her plans whose link still answers, soonest first. */
export async function activePlans(deps: DateSafetyDeps, userId: string): Promise<DatePlan[]> {
  const { db } = deps;
  const plans = await livePlansOf(db, userId, deps.now());
  const contacts = await contactsOf(
    db,
    plans.map((p) => p.id),
  );
  return Promise.all(plans.map((plan) => present(db, plan, contacts.get(plan.id) ?? [])));
}

const isUuid = (id: string) => z.uuid().safeParse(id).success;

/**
 * "I'm safe": the alert will not go (the alert job re-checks `safeAt` in its own transaction). If the
 * contacts were already told, they hear that she checked in.
 */
export async function markSafe(deps: DateSafetyDeps, userId: string, planId: string): Promise<DatePlan> {
  const { db } = deps;
  if (!isUuid(planId)) throw notFound(localText('datePlanNotFound'));
  const now = deps.now();
  const result = await db.transaction(async (tx) => {
    const plan = await markPlanSafe(tx, userId, planId, now);
    if (!plan) return null;
    const contacts = (await contactsOf(tx, [plan.id])).get(plan.id) ?? [];
    if (plan.alertedAt) {
      const facts = await factsOf(tx, plan);
      if (facts) {
        const text = safeAfterAlertText(facts, await memberLanguage(tx, plan.userId));
        for (const contact of contacts) await queueToContact(deps, contact, text, tx);
      }
    }
    return { plan, contacts };
  });
  if (result) return present(db, result.plan, result.contacts);
  // Nothing changed: a second device or a stale screen. Say what the plan already is (409), or 404.
  throw await alreadyEnded(db, userId, planId);
}

/** Cancelled or already safe: 409 with a sentence the screen shows as is (and refreshes); not hers or none: 404. */
async function alreadyEnded(db: Db, userId: string, planId: string): Promise<AppError> {
  const plan = await planOf(db, userId, planId);
  if (!plan) return notFound(localText('datePlanNotFound'));
  if (plan.cancelledAt) return conflict(localText('thisPlanWasAlready'));
  return conflict(localText('youAlreadyCheckedIn'));
}

/** Cancel: the links stop working and the check-in jobs find nothing to do. */
export async function cancelPlan(deps: DateSafetyDeps, userId: string, planId: string): Promise<DatePlan> {
  const { db } = deps;
  if (!isUuid(planId)) throw notFound(localText('datePlanNotFound'));
  const plan = await cancelPlanOf(db, userId, planId, deps.now());
  if (!plan) throw await alreadyEnded(db, userId, planId);
  return present(db, plan, (await contactsOf(db, [plan.id])).get(plan.id) ?? []);
}

/**
 * A contact's view by the token in her link, its times in the reader's `language`: the plan, the sharer's first name, the match's first name
 * and photo. 404 for an unknown token (or a deleted plan), 410 from a day after the date and for a cancelled
 * plan: the holder of a valid link knows the plan existed, so she is told it was cancelled (nothing more).
 */
export async function sharedPlan(deps: DateSafetyDeps, token: string, language: Language): Promise<SharedDatePlan> {
  const { db } = deps;
  const plan = await planByLink(db, hashOf(token));
  if (!plan) throw notFound(localText('thisLinkIsNot'));
  if (plan.cancelledAt) {
    const sharer = await findUser(db, plan.userId);
    const name = sharer ? firstNameOf(sharer.name) : undefined;
    throw new AppError(410, 'GONE', localText('datePlanCancelledBy', { name }));
  }
  if (plan.expiresAt.getTime() <= deps.now().getTime()) {
    throw new AppError(410, 'GONE', localText('thisDatePlanHas'));
  }
  const facts = await factsOf(db, plan);
  if (!facts) throw notFound(localText('thisLinkIsNot'));
  const partner = await partnerOf(db, plan);
  return {
    sharerFirstName: facts.sharer,
    place: plan.place,
    startsAt: plan.startsAt.toISOString(),
    startsAtLabel: timeLabel(plan.startsAt, plan.timeZone, language),
    timeZone: plan.timeZone,
    with: partner,
    eventTitle: facts.eventTitle,
    status: statusOf(plan),
    checkInLabel: plan.checkInAt ? timeLabel(plan.checkInAt, plan.timeZone, language) : null,
    expiresAt: plan.expiresAt.toISOString(),
  };
}
