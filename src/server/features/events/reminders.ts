import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventAttendees, events } from '../../db/schema/events';

export interface UpcomingAttendance {
  eventId: string;
  title: string;
  eventDate: Date;
  userId: string;
}

/** Everyone going (the host included) to a meetup that starts in [from, to) and is not cancelled: reminders. */
export async function attendancesStartingBetween(db: Db, from: Date, to: Date): Promise<UpcomingAttendance[]> {
  return db
    .select({ eventId: events.id, title: events.title, eventDate: events.eventDate, userId: eventAttendees.userId })
    .from(events)
    .innerJoin(eventAttendees, eq(eventAttendees.eventId, events.id))
    .where(and(gte(events.eventDate, from), lt(events.eventDate, to), isNull(events.cancelledAt)));
}
