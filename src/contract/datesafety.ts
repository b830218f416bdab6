import { z } from 'zod';
import { safeText } from './text';

/**
 * Share My Date (product §2): she shares a date plan — who, where, when — with up
 * to three trusted contacts, and may ask Steep to check on her. Contacts open a public page by a link
 * that works until a day after the date; nothing else about her is ever on it.
 */

export const DATE_PLAN_CONTACTS_MAX = 3;
/** Plans she may share per rolling day: each one texts or mails up to three people (SMS pumping). */
export const DATE_PLANS_PER_DAY = 5;
/** How often one contact address may be sent a plan per rolling day, whoever shares it. */
export const DATE_PLAN_TEXTS_PER_ADDRESS_PER_DAY = 3;
/** The contacts are told if she has not tapped "I'm safe" this long after her check-in time. */
export const CHECK_IN_GRACE_MS = 15 * 60_000;
/** The contacts' link answers until this long after the date, then 410. */
export const PLAN_LINK_TTL_MS = 24 * 3_600_000;
const DATE_PLACE_MAX = 200;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const dateContactInput = z.object({
  name: safeText()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'Enter a name for this contact').max(60, 'Use at most 60 characters')),
  channel: z.enum(['sms', 'email'], { error: 'Choose text or email' }),
  /** A phone number (any common format; checked against the SMS countries) or an email address. */
  address: safeText()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'Enter a phone number or an email').max(254)),
});
export type DateContactInput = z.input<typeof dateContactInput>;

export const createDatePlanBody = z
  .object({
    /** The conversation she shares from: the match's first name and photo go on the plan. */
    matchId: z.uuid('Invalid match id').optional(),
    /** Or the meetup she shares from: its title goes on the plan. */
    eventId: z.uuid('Invalid meetup id').optional(),
    place: safeText()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'Enter where you are meeting').max(DATE_PLACE_MAX, 'Use at most 200 characters')),
    startsAt: z.iso.datetime({ offset: true, error: 'Choose when you are meeting' }),
    /** Optional: when Steep should check on her. */
    checkInAt: z.iso.datetime({ offset: true, error: 'Choose a check-in time' }).optional(),
    /** Her time zone: the contacts read every time in it. */
    timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone'),
    contacts: z
      .array(dateContactInput)
      .min(1, 'Add at least one trusted contact')
      .max(DATE_PLAN_CONTACTS_MAX, `Add at most ${DATE_PLAN_CONTACTS_MAX} trusted contacts`),
  })
  .refine((b) => !(b.matchId && b.eventId), {
    path: ['eventId'],
    message: 'Share a plan from a conversation or from a meetup, not both',
  });
export type CreateDatePlanBody = z.input<typeof createDatePlanBody>;

const personShown = z.object({ firstName: z.string(), photo: z.string().nullable() });

/** Her own view of a plan: contacts masked (•••• 0123, j•••@example.com). */
export const datePlan = z.object({
  id: z.string(),
  status: z.enum(['active', 'safe', 'cancelled', 'alerted']),
  place: z.string(),
  startsAt: z.string(),
  checkInAt: z.string().nullable(),
  timeZone: z.string(),
  matchId: z.string().nullable(),
  eventId: z.string().nullable(),
  with: personShown.nullable(),
  eventTitle: z.string().nullable(),
  contacts: z.array(z.object({ name: z.string(), channel: z.enum(['sms', 'email']), address: z.string() })),
  createdAt: z.string(),
});
export type DatePlan = z.infer<typeof datePlan>;

/** Her plans that are still running (shared, not cancelled, within a day of the date). */
export const activeDatePlans = z.object({ plans: z.array(datePlan) });
export type ActiveDatePlans = z.infer<typeof activeDatePlans>;

/** What a contact's link shows: the plan, her first name, the match's first name and photo. Nothing else. */
export const sharedDatePlan = z.object({
  sharerFirstName: z.string(),
  place: z.string(),
  startsAt: z.string(),
  /** The date's time as she reads it ('Sat, Nov 28, 8:00 PM'), with the zone's name. */
  startsAtLabel: z.string(),
  timeZone: z.string(),
  with: personShown.nullable(),
  eventTitle: z.string().nullable(),
  status: z.enum(['active', 'safe', 'cancelled', 'alerted']),
  checkInLabel: z.string().nullable(),
  expiresAt: z.string(),
});
export type SharedDatePlan = z.infer<typeof sharedDatePlan>;

export const datePlanTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid'),
});
