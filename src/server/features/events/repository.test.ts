import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBlock } from '../../core';
import { insertMember, useTestDatabase } from '../../test/direct';
import { events as eventRows } from '../../test/tables';
import {
  attendancesStartingBetween,
  attendeeIdsOf,
  cancelEventRow,
  countUpcomingHostedBy,
  eventActivityOf,
  eventById,
  guestsOf,
  insertAttendee,
  insertEvent,
  leaveEventsOfOthers,
  removeAttendee,
  takeSpot,
  upcomingEventsFor,
  type EventRow,
  type NewEvent,
} from './repository';

/** Meetups and their guest lists straight on the database: no app, no HTTP. */
const db = useTestDatabase();

const HOUR = 60 * 60_000;
const now = new Date();

function host(creatorId: string, overrides: Partial<NewEvent> = {}): Promise<EventRow> {
  return db().transaction((tx) =>
    insertEvent(tx, {
      creatorId,
      title: 'Tea at noon',
      description: null,
      location: 'Portland, Oregon',
      venue: 'The café',
      eventDate: new Date(now.getTime() + 48 * HOUR),
      maxAttendees: 4,
      teaType: null,
      verifiedOnly: false,
      ...overrides,
    }),
  );
}

/** Joining as the service does: on the list and a spot taken, or neither. */
async function join(eventId: string, userId: string): Promise<'joined' | 'already' | 'full'> {
  return db()
    .transaction(async (tx) => {
      if (!(await insertAttendee(tx, eventId, userId))) return 'already' as const;
      if (!(await takeSpot(tx, eventId, now))) throw new Error('full');
      return 'joined' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof Error && error.message === 'full') return 'full' as const;
      throw error;
    });
}

async function count(eventId: string) {
  return (await eventById(db(), eventId))?.attendeeCount;
}

describe('hosting', () => {
  it('a new meetup has its host as first guest; only upcoming ones count toward her limit', async () => {
    const ana = await insertMember(db());
    const event = await host(ana.id);
    expect(event.attendeeCount).toBe(1);
    expect(await attendeeIdsOf(db(), event.id)).toEqual([ana.id]);
    await host(ana.id);
    expect(await countUpcomingHostedBy(db(), ana.id, now)).toBe(2);
    await cancelEventRow(db(), event.id, now);
    expect(await countUpcomingHostedBy(db(), ana.id, now)).toBe(1);
    expect(await countUpcomingHostedBy(db(), ana.id, new Date(now.getTime() + 72 * HOUR))).toBe(0);
  });

  it('cancelling returns the whole guest list and drops it from her activity', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const event = await host(ana.id);
    await join(event.id, bea.id);
    expect(await eventActivityOf(db(), ana.id)).toEqual({ hosted: 1, attended: 0 });
    expect(await eventActivityOf(db(), bea.id)).toEqual({ hosted: 0, attended: 1 });
    expect((await cancelEventRow(db(), event.id, now)).sort()).toEqual([ana.id, bea.id].sort());
    expect(await eventActivityOf(db(), bea.id)).toEqual({ hosted: 0, attended: 0 });
  });
});

describe('capacity', () => {
  it('takes spots until full, once per member, and a leaver gives hers back', async () => {
    const [ana, bea, cai] = await Promise.all([insertMember(db()), insertMember(db()), insertMember(db())]);
    const event = await host(ana.id, { maxAttendees: 2 });
    expect(await join(event.id, bea.id)).toBe('joined');
    expect(await join(event.id, bea.id)).toBe('already');
    expect(await join(event.id, cai.id)).toBe('full');
    expect(await count(event.id)).toBe(2);
    expect(await db().transaction((tx) => removeAttendee(tx, event.id, bea.id))).toBe(true);
    expect(await db().transaction((tx) => removeAttendee(tx, event.id, bea.id))).toBe(false);
    expect(await count(event.id)).toBe(1);
    expect(await join(event.id, cai.id)).toBe('joined');
  });

  it('racing joiners never pass the capacity', async () => {
    const ana = await insertMember(db());
    const event = await host(ana.id, { maxAttendees: 3 });
    const joiners = await Promise.all(Array.from({ length: 5 }, () => insertMember(db())));
    const outcomes = await Promise.all(joiners.map((j) => join(event.id, j.id)));
    expect(outcomes.filter((o) => o === 'joined')).toHaveLength(2);
    expect(await count(event.id)).toBe(3);
    expect(await attendeeIdsOf(db(), event.id)).toHaveLength(3);
  });

  it('a started meetup takes no one', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const event = await host(ana.id);
    await db()
      .update(eventRows)
      .set({ eventDate: new Date(now.getTime() - HOUR) })
      .where(eq(eventRows.id, event.id));
    expect(await join(event.id, bea.id)).toBe('full');
  });
});

describe('the list', () => {
  it('near her first, then soonest; her scope; no blocked or suspended host; pages from a position', async () => {
    const viewer = await insertMember(db(), { location: 'Portland, Oregon' });
    const [h1, h2, blocked, suspended] = await Promise.all([
      insertMember(db()),
      insertMember(db()),
      insertMember(db()),
      insertMember(db(), { suspendedUntil: new Date(now.getTime() + 24 * HOUR) }),
    ]);
    await insertBlock(db(), blocked.id, viewer.id);
    const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
    const texas = await host(h1.id, { location: 'Austin, Texas', eventDate: at(25) });
    const salem = await host(h2.id, { location: 'Salem, Oregon', eventDate: at(26) });
    const later = await host(h1.id, { eventDate: at(40) });
    const sooner = await host(h2.id, { eventDate: at(30) });
    const hidden = [
      await host(blocked.id, { eventDate: at(27) }),
      await host(suspended.id, { eventDate: at(28) }),
      await host(h1.id, { eventDate: at(29) }),
    ];
    await cancelEventRow(db(), hidden[2]!.id, now);
    const mine = new Set([texas, salem, later, sooner, ...hidden].map((e) => e.id));
    const list = async (scope: 'city' | 'state' | 'all', after?: { rank: number; eventDate: string; id: string }) =>
      (await upcomingEventsFor(db(), viewer, { scope, after, now, limit: 1000 }))
        .map((e) => e.id)
        .filter((id) => mine.has(id));

    expect(await list('all')).toEqual([sooner.id, later.id, salem.id, texas.id]);
    expect(await list('state')).toEqual([sooner.id, later.id, salem.id]);
    expect(await list('city')).toEqual([sooner.id, later.id]);
    expect(await list('all', { rank: 0, eventDate: later.eventDate.toISOString(), id: later.id })).toEqual([
      salem.id,
      texas.id,
    ]);
  });
});

describe('reminders and her data', () => {
  it('reminds everyone going to a meetup starting in the window, not a cancelled one', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const start = new Date(now.getTime() + 500 * HOUR);
    const event = await host(ana.id, { eventDate: start });
    await join(event.id, bea.id);
    const cancelled = await host(bea.id, { eventDate: start });
    await cancelEventRow(db(), cancelled.id, now);
    const due = await attendancesStartingBetween(db(), new Date(start.getTime() - HOUR), new Date(start.getTime() + 1));
    expect(
      due
        .filter((d) => d.eventId === event.id)
        .map((d) => d.userId)
        .sort(),
    ).toEqual([ana.id, bea.id].sort());
    expect(due.some((d) => d.eventId === cancelled.id)).toBe(false);
    expect(await attendancesStartingBetween(db(), start, start)).toEqual([]);
  });

  it('she leaves the meetups of others, each count dropping by one, and her own keep their guests', async () => {
    const [ana, bea, cai] = await Promise.all([insertMember(db()), insertMember(db()), insertMember(db())]);
    const hers = await host(ana.id);
    const other = await host(bea.id);
    await join(other.id, ana.id);
    await join(other.id, cai.id);
    await join(hers.id, cai.id);
    await leaveEventsOfOthers(db(), ana.id);
    expect(await attendeeIdsOf(db(), other.id)).toEqual([bea.id, cai.id]);
    expect(await count(other.id)).toBe(2);
    expect(await count(hers.id)).toBe(2);
    expect(await guestsOf(db(), [hers.id], ana.id)).toEqual([{ eventId: hers.id, userId: cai.id }]);
  });
});
