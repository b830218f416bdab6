import { messagesOf, type Language } from '../../i18n';

/**
 * What the contacts and she read (product §2, Share My Date). Every time is in her time zone,
 * whatever the server's; nothing names her beyond her first name, and nothing says where she is beyond
 * the place she typed.
 */

export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** 'Sat, Nov 28, 8:00 PM EST': the zone's short name says whose clock it is. */
export function timeLabel(at: Date, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

export interface PlanFacts {
  sharer: string;
  place: string;
  startsAt: Date;
  timeZone: string;
  withName: string | null;
  eventTitle: string | null;
  checkInAt: Date | null;
}

/** 'meeting Alex at Blue Bottle, Sat, Nov 28, 8:00 PM EST' (en), 'cita con Alex en Blue Bottle, sáb, 28 nov, 20:00 GMT-5' (es). */
function planSummary(plan: PlanFacts, language: Language): string {
  return messagesOf(language).datePlanSummary({
    withName: plan.withName,
    eventTitle: plan.eventTitle,
    place: plan.place,
    time: timeLabel(plan.startsAt, plan.timeZone, language),
  });
}

/*
 * The contacts' texts and mails are in her language (the sharer's saved setting): she chose them, and she is the one
 * whose words they carry.
 */

export function sharedText(plan: PlanFacts, link: string, language: Language): { subject: string; text: string } {
  return messagesOf(language).datePlanShared({
    sharer: plan.sharer,
    summary: planSummary(plan, language),
    checkInTime: plan.checkInAt ? timeLabel(plan.checkInAt, plan.timeZone, language) : null,
    link,
  });
}

export function alertText(plan: PlanFacts, language: Language): { subject: string; text: string } {
  return messagesOf(language).datePlanAlert({ sharer: plan.sharer, summary: planSummary(plan, language) });
}

export function safeAfterAlertText(plan: PlanFacts, language: Language): { subject: string; text: string } {
  return messagesOf(language).datePlanSafe({ sharer: plan.sharer });
}
