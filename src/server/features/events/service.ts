import {
  EVENT_MAX_AHEAD_DAYS,
  EVENT_MIN_LEAD_MS,
  EVENTS_PAGE_SIZE,
  MAX_UPCOMING_HOSTED,
  firstNameOf,
  type AttendeeList,
  type EventCard,
  type EventPage,
} from '../../../contract/events';
import type { z } from 'zod';
import type { createEventBody, eventQuery } from '../../../contract/events';
import { parseLocation } from '../../../contract/locations';
import { accountState, suspendedUntil } from '../../core';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { blockedEitherWay as isBlockedBetween, findUser } from '../../core';
import { memberSummaries } from '../profiles';
import { decodeEventCursor, encodeEventCursor } from './cursor';
import { localText, type LocalText } from '../../i18n';
import { fieldError } from '../../http/errors';
import {
  attendeeIdsOf,
  attendingAmong,
  cancelEventRow,
  countUpcomingHostedBy,
  eventById,
  insertAttendee,
  insertEvent,
  lockHostCreations,
  removeAttendee,
  takeSpot,
  upcomingEventsFor,
  type EventRow,
} from './repository';

type CreateEvent = z.output<typeof createEventBody>;
type EventQueryOut = z.output<typeof eventQuery>;

const DAY_MS = 24 * 60 * 60_000;
const gone = (message: LocalText) => new AppError(410, 'GONE', message);
const hiddenEvent = () => notFound(localText('thisMeetupIsNot'));

async function viewerOf(db: Db, userId: string) {
  const [user, state] = await Promise.all([findUser(db, userId), accountState(db, userId)]);
  if (!user || !state) throw notFound(localText('userNotFound'));
  return { id: userId, location: user.location, verified: state.verified };
}

async function present(db: Db, viewerId: string, rows: EventRow[]): Promise<EventCard[]> {
  const [hosts, attending] = await Promise.all([
    memberSummaries(
      db,
      rows.map((r) => r.creatorId),
    ),
    attendingAmong(
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
    await lockHostCreations(tx, hostId);
    if ((await countUpcomingHostedBy(tx, hostId, now)) >= MAX_UPCOMING_HOSTED) {
      throw conflict(localText('hostAtMost', { count: MAX_UPCOMING_HOSTED }));
    }
    return insertEvent(tx, {
      creatorId: hostId,
      title: body.title,
      description: body.description,
      location: body.location,
      venue: body.venue,
      eventDate,
      maxAttendees: body.maxAttendees,
      teaType: body.teaType ?? null,
      verifiedOnly: body.verifiedOnly,
    });
  });
  domainEvents.emit('event.hosted', { userId: hostId, eventId: row.id });
  const [card] = await present(db, hostId, [row]);
  return card!;
}

export async function listEvents(db: Db, viewerId: string, query: EventQueryOut, now = new Date()): Promise<EventPage> {
  const viewer = await viewerOf(db, viewerId);
  const after = query.cursor === undefined ? undefined : decodeEventCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw badRequest(localText('invalidCursor'));
  const rows = await upcomingEventsFor(db, viewer, { scope: query.scope, after, now, limit: EVENTS_PAGE_SIZE + 1 });
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
  return eventById(db, eventId);
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
    if (!(await insertAttendee(tx, eventId, userId))) throw conflict(localText('youreAlreadyAttendingThis'));
    if (!(await takeSpot(tx, eventId, now))) throw conflict(localText('thisMeetupIsFull'));
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
    if (!(await removeAttendee(tx, eventId, userId))) throw conflict(localText('youreNotAttendingThis'));
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
  const attendees = await cancelEventRow(db, eventId, now);
  domainEvents.emit('event.cancelled', {
    eventId,
    title: row.title,
    eventDate: row.eventDate.toISOString(),
    attendeeIds: attendees.filter((id) => id !== userId),
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
  const all = await attendeeIdsOf(db, eventId);
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
