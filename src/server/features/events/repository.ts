import { and, asc, count, eq, gt, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { EventScope } from '../../../contract/events';
import { parseLocation } from '../../../contract/locations';
import { notBlockedWith, notSuspended } from '../../core';
import type { Db } from '../../db/client';
import { eventAttendees, events, type EventRow } from '../../db/schema/events';

/**
 * Every statement of events: meetups and their guest lists. Services decide and answer (who may see,
 * join or cancel, what she is told); what is read and written, and the capacity rule the database keeps
 * (`takeSpot`), are here. Functions take the handle to run on (the database, or a transaction).
 */

export type { EventRow };
export type NewEvent = Omit<typeof events.$inferInsert, 'id' | 'attendeeCount' | 'cancelledAt' | 'createdAt'>;

/** Upcoming: not cancelled and not started. */
const upcoming = (now: Date): SQL => and(isNull(events.cancelledAt), gt(events.eventDate, now)) as SQL;

// ---------------------------------------------------------------------------------------------------
// Hosting

/** One host's creations take turns (until the transaction ends), so two at once cannot both pass her limit. */
export async function lockHostCreations(tx: Db, hostId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`events:host:${hostId}`}))`);
}

/** Her meetups that are neither cancelled nor started. */
export async function countUpcomingHostedBy(db: Db, hostId: string, now: Date): Promise<number> {
  const [hosted] = await db
    .select({ n: count() })
    .from(events)
    .where(and(eq(events.creatorId, hostId), upcoming(now)));
  return hosted?.n ?? 0;
}

/** A new meetup with its host as its first guest. Run it in a transaction. */
export async function insertEvent(tx: Db, event: NewEvent): Promise<EventRow> {
  const [created] = await tx
    .insert(events)
    .values({ ...event, attendeeCount: 1 })
    .returning();
  if (!created) throw new Error('event insert returned nothing');
  await tx.insert(eventAttendees).values({ eventId: created.id, userId: event.creatorId });
  return created;
}

/** Marks the meetup cancelled and returns everyone on its guest list (the host included). */
export async function cancelEventRow(db: Db, eventId: string, now: Date): Promise<string[]> {
  const attendees = await db.transaction(async (tx) => {
    await tx.update(events).set({ cancelledAt: now }).where(eq(events.id, eventId));
    return tx.select({ userId: eventAttendees.userId }).from(eventAttendees).where(eq(eventAttendees.eventId, eventId));
  });
  return attendees.map((a) => a.userId);
}

// ---------------------------------------------------------------------------------------------------
// Reading

export async function eventById(db: Db, eventId: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return row;
}

/** 0 her city, 1 her state, 2 elsewhere: the "near her first" order. */
function proximity(viewerLocation: string): SQL<number> {
  const state = parseLocation(viewerLocation)?.state ?? '';
  return sql<number>`(case when ${events.location} = ${viewerLocation} then 0 when ${events.location} like ${`%, ${state}`} then 1 else 2 end)`;
}

function scopeCondition(scope: EventScope, viewerLocation: string): SQL | undefined {
  if (scope === 'city') return eq(events.location, viewerLocation);
  if (scope === 'state') return sql`${events.location} like ${`%, ${parseLocation(viewerLocation)?.state ?? ''}`}`;
  return undefined;
}

/** Where a page of the list starts: after this meetup, in the list's order (proximity rank, date, id). */
interface EventPosition {
  rank: number;
  eventDate: string;
  id: string;
}

/**
 * Up to `limit` upcoming meetups in her scope, near her first, then soonest: none whose host is
 * blocked either way or suspended (a suspended host's meetups are hidden with her).
 */
export async function upcomingEventsFor(
  db: Db,
  viewer: { id: string; location: string },
  query: { scope: EventScope; after: EventPosition | undefined; now: Date; limit: number },
): Promise<EventRow[]> {
  const rank = proximity(viewer.location);
  const { after } = query;
  return db
    .select()
    .from(events)
    .where(
      and(
        upcoming(query.now),
        scopeCondition(query.scope, viewer.location),
        notBlockedWith(viewer.id, events.creatorId),
        notSuspended(events.creatorId),
        after &&
          sql`(${rank}, ${events.eventDate}, ${events.id}) > (${after.rank}::int, ${after.eventDate}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(rank, asc(events.eventDate), asc(events.id))
    .limit(query.limit);
}

/** Which of these meetups she is on the guest list of. */
export async function attendingAmong(db: Db, userId: string, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .select({ eventId: eventAttendees.eventId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.userId, userId), sql`${eventAttendees.eventId} in ${eventIds}`));
  return new Set(rows.map((r) => r.eventId));
}

/** The guest list (the host included), first to join first. */
export async function attendeeIdsOf(db: Db, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(eq(eventAttendees.eventId, eventId))
    .orderBy(asc(eventAttendees.joinedAt));
  return rows.map((r) => r.userId);
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

interface UpcomingAttendance {
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

/** Meetups she hosted and meetups of others she joined, cancelled ones left out (badges read it). */
export async function eventActivityOf(db: Db, userId: string): Promise<{ hosted: number; attended: number }> {
  const [row] = await db
    .select({
      hosted: sql<number>`count(*) filter (where ${events.creatorId} = ${userId})::int`,
      attended: sql<number>`count(*) filter (where ${events.creatorId} <> ${userId})::int`,
    })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(eventAttendees.userId, userId), isNull(events.cancelledAt)));
  return { hosted: row?.hosted ?? 0, attended: row?.attended ?? 0 };
}

// ---------------------------------------------------------------------------------------------------
// Joining and leaving

/** Puts her on the guest list; false when she already was. Run it in the transaction that takes her spot. */
export async function insertAttendee(tx: Db, eventId: string, userId: string): Promise<boolean> {
  const [joined] = await tx
    .insert(eventAttendees)
    .values({ eventId, userId })
    .onConflictDoNothing()
    .returning({ eventId: eventAttendees.eventId });
  return joined !== undefined;
}

/**
 * Counts one more guest if the meetup is still upcoming and not full; false otherwise. The row lock of
 * this UPDATE makes racing joiners take turns; each re-checks the count after the one before.
 */
export async function takeSpot(tx: Db, eventId: string, now: Date): Promise<boolean> {
  const [taken] = await tx
    .update(events)
    .set({ attendeeCount: sql`${events.attendeeCount} + 1` })
    .where(and(eq(events.id, eventId), upcoming(now), sql`${events.attendeeCount} < ${events.maxAttendees}`))
    .returning({ id: events.id });
  return taken !== undefined;
}

/** Takes her off the guest list and gives her spot back; false when she was not on it. Run it in a transaction. */
export async function removeAttendee(tx: Db, eventId: string, userId: string): Promise<boolean> {
  const [left] = await tx
    .delete(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)))
    .returning({ eventId: eventAttendees.eventId });
  if (!left) return false;
  await tx
    .update(events)
    .set({ attendeeCount: sql`${events.attendeeCount} - 1` })
    .where(eq(events.id, eventId));
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Her data (export and account deletion)

/** The meetups she hosted, oldest first. */
export async function eventsHostedBy(db: Db, userId: string): Promise<EventRow[]> {
  return db.select().from(events).where(eq(events.creatorId, userId)).orderBy(asc(events.createdAt));
}

/** The meetups of others she joined, as she saw them, first joined first. */
export async function eventsJoinedBy(db: Db, userId: string) {
  return db
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
}

/** She leaves every meetup of others she joined, each one's count dropping by one, in one transaction. */
export async function leaveEventsOfOthers(db: Db, userId: string): Promise<void> {
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
}

/** Her meetups that are neither cancelled nor started. */
export async function upcomingEventsHostedBy(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ id: string; title: string; eventDate: Date }[]> {
  return db
    .select({ id: events.id, title: events.title, eventDate: events.eventDate })
    .from(events)
    .where(and(eq(events.creatorId, userId), upcoming(now)));
}

/** The guests of these meetups, but for `exceptUserId`. */
export async function guestsOf(
  db: Db,
  eventIds: string[],
  exceptUserId: string,
): Promise<{ eventId: string; userId: string }[]> {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: eventAttendees.eventId, userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(and(inArray(eventAttendees.eventId, eventIds), ne(eventAttendees.userId, exceptUserId)));
}
