import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { eventReportBody } from '../../../contract/events';
import type { Db } from '../../db/client';
import { events } from '../../db/schema/events';
import { badRequest, notFound } from '../../http/errors';
import { reportEvent } from '../safety';
import { localText } from '../../i18n';

/**
 * Reporting a meetup files a safety report against its host that names the event. A past or
 * cancelled meetup can still be reported (what happened at one is exactly what a report is for),
 * and so can one whose host has since blocked her or that she blocked.
 */
export async function reportMeetup(
  db: Db,
  reporterId: string,
  eventId: string,
  input: z.output<typeof eventReportBody>,
): Promise<void> {
  const [row] = /^[0-9a-f-]{36}$/i.test(eventId)
    ? await db.select({ creatorId: events.creatorId }).from(events).where(eq(events.id, eventId)).limit(1)
    : [];
  if (!row) throw notFound(localText('thisMeetupIsNot'));
  if (row.creatorId === reporterId) throw badRequest(localText('youCannotReportYour'));
  await reportEvent(db, reporterId, { eventId, hostId: row.creatorId, ...input });
}

/** Titles of meetups by id, for the moderation console (a deleted meetup is simply absent). */
export async function eventTitles(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(inArray(events.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.title]));
}
