import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { eventsHostedBy, eventsJoinedBy, guestsOf, leaveEventsOfOthers, upcomingEventsHostedBy } from './repository';

/**
 * Her meetups for her data export: the ones she hosted (all she wrote) and the ones of others she
 * joined (the meetup as she saw it; never its other guests).
 */
export async function eventsOf(db: Db, userId: string) {
  const hosted = await eventsHostedBy(db, userId);
  const joined = await eventsJoinedBy(db, userId);
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
  await leaveEventsOfOthers(db, userId);
  const hosted = await upcomingEventsHostedBy(db, userId, now);
  if (hosted.length === 0) return;
  const guests = await guestsOf(
    db,
    hosted.map((e) => e.id),
    userId,
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
