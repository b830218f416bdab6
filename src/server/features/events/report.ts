import type { z } from 'zod';
import type { eventReportBody } from '../../../contract/events';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { reportEvent } from '../safety';
import { localText } from '../../i18n';
import { eventById } from './repository';

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
  const row = /^[0-9a-f-]{36}$/i.test(eventId) ? await eventById(db, eventId) : undefined;
  if (!row) throw notFound(localText('thisMeetupIsNot'));
  if (row.creatorId === reporterId) throw badRequest(localText('youCannotReportYour'));
  await reportEvent(db, reporterId, { eventId, hostId: row.creatorId, ...input });
}
