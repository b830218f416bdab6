import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventAttendees, events } from '../../db/schema/events';
import type { DomainEvents } from '../../domain-events';

/**
 * Her meetups for her data export: the ones she hosted (all she wrote) and the ones of others she
 * joined (the meetup as she saw it; never its other guests).
 */
export async function eventsOf(db: Db, userId: string) {
  const hosted = await db.select().from(events).where(eq(events.creatorId, userId)).orderBy(asc(events.createdAt));
  const joined = await db
    .select({
      eventId: events.id,
      title: events.title,
      location: events.location,
      eventDate: events.eventDate,
      joinedAt: eventAttendees.joinedAt,
    })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(eventAttendees.userId, userId), ne(events.creatorId, userId)))
    .orderBy(asc(eventAttendees.joinedAt));
  return {
    hosted: hosted.map((e) => ({
      eventId: e.id,
      title: e.title,
      description: e.description,
      location: e.location,
      venue: e.venue,
      eventDate: e.eventDate.toISOString(),
      maxAttendees: e.maxAttendees,
      teaType: e.teaType,
      verifiedOnly: e.verifiedOnly,
      cancelledAt: e.cancelledAt?.toISOString() ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
    attending: joined.map((e) => ({
      eventId: e.eventId,
      title: e.title,
      location: e.location,
      eventDate: e.eventDate.toISOString(),
      joinedAt: e.joinedAt.toISOString(),
    })),
  };
}

/**
 * Before her account is deleted: she leaves the meetups of others she joined (their attendee counts
 * drop by one, as when she leaves one herself), and the guests of her upcoming meetups are told they
 * are cancelled. The rows themselves (her attendee rows, the meetups she hosted and their guest lists)
 * go with her user row by ON DELETE CASCADE.
 */
export async function releaseEventsOf(db: Db, domainEvents: DomainEvents, userId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const left = await tx
      .delete(eventAttendees)
      .where(
        and(
          eq(eventAttendees.userId, userId),
          inArray(
            eventAttendees.eventId,
            tx.select({ id: events.id }).from(events).where(ne(events.creatorId, userId)),
          ),
        ),
      )
      .returning({ eventId: eventAttendees.eventId });
    if (left.length === 0) return;
    await tx
      .update(events)
      .set({ attendeeCount: sql`${events.attendeeCount} - 1` })
      .where(
        inArray(
          events.id,
          left.map((l) => l.eventId),
        ),
      );
  });
  const hosted = await db
    .select({ id: events.id, title: events.title, eventDate: events.eventDate })
    .from(events)
    .where(and(eq(events.creatorId, userId), isNull(events.cancelledAt), gt(events.eventDate, now)));
  if (hosted.length === 0) return;
  const guests = await db
    .select({ eventId: eventAttendees.eventId, userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(
      and(
        inArray(
          eventAttendees.eventId,
          hosted.map((e) => e.id),
        ),
        ne(eventAttendees.userId, userId),
      ),
    );
  for (const event of hosted) {
    domainEvents.emit('event.cancelled', {
      eventId: event.id,
      title: event.title,
      eventDate: event.eventDate.toISOString(),
      attendeeIds: guests.filter((g) => g.eventId === event.id).map((g) => g.userId),
    });
  }
}
