import { and, asc, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import {
  EVENT_MAX_AHEAD_DAYS,
  EVENT_MIN_LEAD_MS,
  EVENTS_PAGE_SIZE,
  MAX_UPCOMING_HOSTED,
  firstNameOf,
  type AttendeeList,
  type EventCard,
  type EventPage,
  type EventScope,
} from '../../../contract/events';
import type { z } from 'zod';
import type { createEventBody, eventQuery } from '../../../contract/events';
import { parseLocation } from '../../../contract/locations';
import { accountState, notSuspended, suspendedUntil } from '../../core';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { eventAttendees, events, type EventRow } from '../../db/schema/events';
import type { DomainEvents } from '../../domain-events';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { blockedEitherWay as isBlockedBetween, findUser, notBlockedWith } from '../../core';
import { memberSummaries } from '../profiles';
import { decodeEventCursor, encodeEventCursor } from './cursor';
import { localText, type LocalText } from '../../i18n';
import { fieldError } from '../../http/errors';

type CreateEvent = z.output<typeof createEventBody>;
type EventQueryOut = z.output<typeof eventQuery>;

const DAY_MS = 24 * 60 * 60_000;
const gone = (message: LocalText) => new AppError(410, 'GONE', message);
const hiddenEvent = () => notFound(localText('thisMeetupIsNot'));

/** Upcoming: not cancelled and not started. */
const upcoming = (now: Date): SQL => and(isNull(events.cancelledAt), gt(events.eventDate, now)) as SQL;

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

async function viewerOf(db: Db, userId: string) {
  const [user, state] = await Promise.all([findUser(db, userId), accountState(db, userId)]);
  if (!user || !state) throw notFound(localText('userNotFound'));
  return { id: userId, location: user.location, verified: state.verified };
}

async function attendingIds(db: Db, userId: string, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .select({ eventId: eventAttendees.eventId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.userId, userId), sql`${eventAttendees.eventId} in ${eventIds}`));
  return new Set(rows.map((r) => r.eventId));
}

async function present(db: Db, viewerId: string, rows: EventRow[]): Promise<EventCard[]> {
  const [hosts, attending] = await Promise.all([
    memberSummaries(
      db,
      rows.map((r) => r.creatorId),
    ),
    attendingIds(
      db,
      viewerId,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) => {
    const host = hosts.get(row.creatorId);
    const isHost = row.creatorId === viewerId;
    const isAttending = isHost || attending.has(row.id);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      location: row.location,
      // The café is for the people coming; everyone else sees the city.
      venue: isAttending ? row.venue : null,
      eventDate: row.eventDate.toISOString(),
      maxAttendees: row.maxAttendees,
      attendeeCount: row.attendeeCount,
      spotsLeft: Math.max(0, row.maxAttendees - row.attendeeCount),
      teaType: row.teaType as EventCard['teaType'],
      verifiedOnly: row.verifiedOnly,
      isHost,
      isAttending,
      host: {
        firstName: host ? firstNameOf(host.name) : 'Member',
        photo: host?.photo ?? null,
        isVerified: host?.isVerified ?? false,
      },
    };
  });
}

export async function createEvent(
  db: Db,
  domainEvents: DomainEvents,
  hostId: string,
  body: CreateEvent,
  now = new Date(),
): Promise<EventCard> {
  const eventDate = new Date(body.eventDate);
  if (eventDate.getTime() < now.getTime() + EVENT_MIN_LEAD_MS) {
    throw badRequest(localText('pickATimeAt'), [fieldError('eventDate', localText('pickATimeAt'))]);
  }
  if (eventDate.getTime() > now.getTime() + EVENT_MAX_AHEAD_DAYS * DAY_MS) {
    const message = localText('meetupsDaysAhead', { days: EVENT_MAX_AHEAD_DAYS });
    throw badRequest(message, [fieldError('eventDate', message)]);
  }
  const row = await db.transaction(async (tx) => {
    // One host's creations take turns, so two at once cannot both pass the limit below.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`events:host:${hostId}`}))`);
    const [hosted] = await tx
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.creatorId, hostId), upcoming(now)));
    if ((hosted?.n ?? 0) >= MAX_UPCOMING_HOSTED) {
      throw conflict(localText('hostAtMost', { count: MAX_UPCOMING_HOSTED }));
    }
    const [created] = await tx
      .insert(events)
      .values({
        creatorId: hostId,
        title: body.title,
        description: body.description,
        location: body.location,
        venue: body.venue,
        eventDate,
        maxAttendees: body.maxAttendees,
        teaType: body.teaType ?? null,
        verifiedOnly: body.verifiedOnly,
        attendeeCount: 1,
      })
      .returning();
    if (!created) throw new Error('event insert returned nothing');
    await tx.insert(eventAttendees).values({ eventId: created.id, userId: hostId });
    return created;
  });
  domainEvents.emit('event.hosted', { userId: hostId, eventId: row.id });
  const [card] = await present(db, hostId, [row]);
  return card!;
}

export async function listEvents(db: Db, viewerId: string, query: EventQueryOut, now = new Date()): Promise<EventPage> {
  const viewer = await viewerOf(db, viewerId);
  const rank = proximity(viewer.location);
  const after = query.cursor === undefined ? undefined : decodeEventCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw badRequest(localText('invalidCursor'));
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        upcoming(now),
        scopeCondition(query.scope, viewer.location),
        notBlockedWith(viewerId, events.creatorId),
        // A suspended host's meetups are hidden with her.
        notSuspended(events.creatorId),
        after &&
          sql`(${rank}, ${events.eventDate}, ${events.id}) > (${after.rank}::int, ${after.eventDate}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(rank, asc(events.eventDate), asc(events.id))
    .limit(EVENTS_PAGE_SIZE + 1);
  const page = rows.slice(0, EVENTS_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > EVENTS_PAGE_SIZE && last
      ? encodeEventCursor({ rank: rankOf(last, viewer.location), eventDate: last.eventDate.toISOString(), id: last.id })
      : null;
  return { events: await present(db, viewerId, page), nextCursor };
}

function rankOf(row: EventRow, viewerLocation: string): number {
  if (row.location === viewerLocation) return 0;
  return row.location.endsWith(`, ${parseLocation(viewerLocation)?.state ?? ''}`) ? 1 : 2;
}

/** An upcoming event the viewer may see: not cancelled, not past, no block with its host. */
async function visibleEvent(db: Db, caches: DbCaches, viewerId: string, eventId: string, now: Date): Promise<EventRow> {
  const row = await findEvent(db, eventId);
  if (
    !row ||
    (row.creatorId !== viewerId &&
      ((await isBlockedBetween(db, viewerId, row.creatorId)) || (await suspendedUntil(db, caches, row.creatorId))))
  )
    throw hiddenEvent();
  if (row.cancelledAt) throw gone(localText('meetupCancelled'));
  if (row.eventDate <= now) throw gone(localText('meetupHappened'));
  return row;
}

async function findEvent(db: Db, eventId: string): Promise<EventRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(eventId)) return undefined;
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return row;
}

export async function getEvent(
  db: Db,
  caches: DbCaches,
  viewerId: string,
  eventId: string,
  now = new Date(),
): Promise<EventCard> {
  const row = await visibleEvent(db, caches, viewerId, eventId, now);
  const [card] = await present(db, viewerId, [row]);
  return card!;
}

export async function joinEvent(
  db: Db,
  caches: DbCaches,
  domainEvents: DomainEvents,
  userId: string,
  eventId: string,
  now = new Date(),
): Promise<EventCard> {
  const row = await visibleEvent(db, caches, userId, eventId, now);
  if (row.creatorId === userId) throw conflict(localText('youreHostingThisMeetup'));
  if (row.verifiedOnly && !(await accountState(db, userId))?.verified) {
    throw new AppError(403, 'VERIFICATION_REQUIRED', localText('thisMeetupIsFor'));
  }
  await db.transaction(async (tx) => {
    const [joined] = await tx
      .insert(eventAttendees)
      .values({ eventId, userId })
      .onConflictDoNothing()
      .returning({ eventId: eventAttendees.eventId });
    if (!joined) throw conflict(localText('youreAlreadyAttendingThis'));
    // The row lock of this UPDATE makes racing joiners take turns; each re-checks the count after the one before.
    const [taken] = await tx
      .update(events)
      .set({ attendeeCount: sql`${events.attendeeCount} + 1` })
      .where(and(eq(events.id, eventId), upcoming(now), sql`${events.attendeeCount} < ${events.maxAttendees}`))
      .returning({ id: events.id });
    if (!taken) throw conflict(localText('thisMeetupIsFull'));
  });
  domainEvents.emit('event.joined', { userId, eventId });
  return getEvent(db, caches, userId, eventId, now);
}

export async function leaveEvent(
  db: Db,
  caches: DbCaches,
  userId: string,
  eventId: string,
  now = new Date(),
): Promise<EventCard> {
  const row = await visibleEvent(db, caches, userId, eventId, now);
  if (row.creatorId === userId) throw conflict(localText('hostsCancelAMeetup'));
  await db.transaction(async (tx) => {
    const [left] = await tx
      .delete(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)))
      .returning({ eventId: eventAttendees.eventId });
    if (!left) throw conflict(localText('youreNotAttendingThis'));
    await tx
      .update(events)
      .set({ attendeeCount: sql`${events.attendeeCount} - 1` })
      .where(eq(events.id, eventId));
  });
  return getEvent(db, caches, userId, eventId, now);
}

export async function cancelEvent(
  db: Db,
  caches: DbCaches,
  domainEvents: DomainEvents,
  userId: string,
  eventId: string,
  now = new Date(),
) {
  const row = await visibleEvent(db, caches, userId, eventId, now);
  if (row.creatorId !== userId) throw forbidden(localText('onlyTheHostCan'));
  const attendees = await db.transaction(async (tx) => {
    await tx.update(events).set({ cancelledAt: now }).where(eq(events.id, eventId));
    return tx.select({ userId: eventAttendees.userId }).from(eventAttendees).where(eq(eventAttendees.eventId, eventId));
  });
  domainEvents.emit('event.cancelled', {
    eventId,
    title: row.title,
    eventDate: row.eventDate.toISOString(),
    attendeeIds: attendees.map((a) => a.userId).filter((id) => id !== userId),
  });
}

export async function listAttendees(
  db: Db,
  caches: DbCaches,
  viewerId: string,
  eventId: string,
  now = new Date(),
): Promise<AttendeeList> {
  const row = await visibleEvent(db, caches, viewerId, eventId, now);
  const rows = await db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(eq(eventAttendees.eventId, eventId))
    .orderBy(asc(eventAttendees.joinedAt));
  const all = rows.map((r) => r.userId);
  if (!all.includes(viewerId)) throw forbidden(localText('theGuestListIs'));
  // Suspended members are hidden from guest lists too.
  const ids: string[] = [];
  for (const id of all) if (id === viewerId || !(await suspendedUntil(db, caches, id))) ids.push(id);
  const people = await memberSummaries(db, ids);
  return {
    attendees: ids.map((id) => {
      const person = people.get(id);
      return {
        id,
        firstName: person ? firstNameOf(person.name) : 'Member',
        photo: person?.photo ?? null,
        isVerified: person?.isVerified ?? false,
        isHost: id === row.creatorId,
      };
    }),
  };
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
