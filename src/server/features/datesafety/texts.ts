/**
 * What the contacts and she read (product §2, Share My Date). Every time is in her time zone,
 * whatever the server's; nothing names her beyond her first name, and nothing says where she is beyond
 * the place she typed.
 */

export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** 'Sat, Nov 28, 8:00 PM EST': the zone's short name says whose clock it is. */
export function timeLabel(at: Date, timeZone: string, language: 'en' | 'es' = 'en'): string {
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

/** 'meeting Alex at Blue Bottle, Sat, Nov 28, 8:00 PM EST' */
export function planSummary(plan: PlanFacts): string {
  const who = plan.withName
    ? `meeting ${plan.withName}`
    : plan.eventTitle
      ? `at the meetup “${plan.eventTitle}”`
      : 'on a date';
  return `${who} at ${plan.place}, ${timeLabel(plan.startsAt, plan.timeZone)}`;
}

export function sharedText(plan: PlanFacts, link: string): { subject: string; text: string } {
  const checkIn = plan.checkInAt
    ? ` Steep will check on ${plan.sharer} at ${timeLabel(plan.checkInAt, plan.timeZone)} and tell you if there is no answer.`
    : '';
  return {
    subject: `${plan.sharer} shared a date plan with you`,
    text: `${plan.sharer} shared a date plan with you on Steep: ${planSummary(plan)}.${checkIn} The plan: ${link}`,
  };
}

export function alertText(plan: PlanFacts): { subject: string; text: string } {
  return {
    subject: `${plan.sharer} hasn't checked in after the date`,
    text: `${plan.sharer} hasn't checked in after the date; last shared plan: ${planSummary(plan)}. Please try to reach ${plan.sharer}.`,
  };
}

export function safeAfterAlertText(plan: PlanFacts): { subject: string; text: string } {
  return {
    subject: `${plan.sharer} checked in: safe`,
    text: `Good news: ${plan.sharer} has checked in on Steep and is safe.`,
  };
}
