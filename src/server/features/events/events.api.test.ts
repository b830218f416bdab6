import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeList, EventCard, EventPage } from '../../../contract/events';
import type { NoticeList } from '../../../contract/notifications';
import { users } from '../../test/tables';
import { connect } from '../../realtime/test-socket';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { block, plantPrivateData, PRIVATE_PATTERN } from '../../test/members';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const HOUR = 60 * 60_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const portlander = () => signUp(t.app, { location: 'Portland, Oregon' });

function meetup(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Matcha at noon',
    description: 'Slow tea and good talk',
    location: 'Portland, Oregon',
    venue: 'Tea Chai Té, NW 23rd',
    eventDate: inHours(48),
    maxAttendees: 10,
    teaType: 'Matcha',
    ...overrides,
  };
}

async function host(client: Client, overrides: Record<string, unknown> = {}): Promise<EventCard> {
  const response = await client.request('POST', '/api/events', meetup(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<EventCard>();
}

const list = async (client: Client, query = '') =>
  (await client.request('GET', `/api/events${query}`)).json<EventPage>().events;
const join = (client: Client, id: string) => client.request('POST', `/api/events/${id}/join`, {});

describe('creating a meetup', () => {
  it('makes the creator the host, attending, with her venue', async () => {
    const ana = await portlander();
    const event = await host(ana);
    expect(event).toMatchObject({
      title: 'Matcha at noon',
      isHost: true,
      isAttending: true,
      attendeeCount: 1,
      spotsLeft: 9,
      venue: 'Tea Chai Té, NW 23rd',
      teaType: 'Matcha',
      host: { firstName: ana.user.name.split(' ')[0] },
    });
  });

  it.each([
    ['a past date', { eventDate: inHours(-1) }, 'at least an hour from now'],
    ['a date within the hour', { eventDate: inHours(0.5) }, 'at least an hour from now'],
    ['a date over 180 days ahead', { eventDate: inHours(181 * 24) }, 'at most 180 days ahead'],
    ['1 attendee', { maxAttendees: 1 }, 'at least 2'],
    ['51 attendees', { maxAttendees: 51 }, 'at most 50'],
    ['an unknown city', { location: 'Atlantis, Oregon' }, 'Choose a city from the list'],
    ['a missing title', { title: '' }, 'Please fill in all required fields'],
    ['a missing location', { location: undefined }, 'Please fill in all required fields'],
    ['a missing date', { eventDate: undefined }, 'Please fill in all required fields'],
    ['a missing venue', { venue: undefined }, 'Please fill in all required fields'],
    ['a venue of spaces', { venue: '   ' }, 'Please fill in all required fields'],
    ['a 121-character venue', { venue: 'x'.repeat(121) }, 'at most 120'],
    ['an unknown tea', { teaType: 'Coffee' }, 'Choose a tea from the list'],
    ['a 101-character title', { title: 'x'.repeat(101) }, 'at most 100'],
  ])('refuses %s with a 400 and creates nothing', async (_, overrides, message) => {
    const ana = await portlander();
    const response = await ana.request('POST', '/api/events', meetup(overrides));
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ message: string; errors?: { message: string }[] }>().errors?.[0]?.message ??
        response.json<{ message: string }>().message,
    ).toContain(message);
    expect((await list(ana)).filter((e) => e.isHost)).toEqual([]);
  });

  it('defaults to 10 places', async () => {
    const ana = await portlander();
    const event = await host(ana, { maxAttendees: undefined });
    expect(event.maxAttendees).toBe(10);
  });

  it('refuses a creatorId that is not the session user', async () => {
    const [ana, bea] = [await portlander(), await portlander()];
    const response = await ana.request('POST', '/api/events', meetup({ creatorId: bea.user.id }));
    expect(response.statusCode).toBe(403);
  });

  it('allows at most 3 upcoming hosted meetups', async () => {
    const ana = await portlander();
    for (let i = 0; i < 3; i++) await host(ana, { title: `Meetup ${i}` });
    const response = await ana.request('POST', '/api/events', meetup());
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toContain('at most 3 upcoming');
  });
});

describe('listing', () => {
  it('shows upcoming meetups, her city first then soonest, with scope filters', async () => {
    const viewer = await portlander();
    const [pdx, eugene, nyc] = [
      await portlander(),
      await signUp(t.app, { location: 'Eugene, Oregon' }),
      await signUp(t.app, { location: 'New York City, New York' }),
    ];
    const later = await host(pdx, { title: 'Portland later', eventDate: inHours(72) });
    const sooner = await host(eugene, { title: 'Eugene sooner', location: 'Eugene, Oregon', eventDate: inHours(5) });
    const far = await host(nyc, { title: 'NYC', location: 'New York City, New York', eventDate: inHours(3) });
    const ids = (events: EventCard[]) =>
      events.map((e) => e.id).filter((id) => [later.id, sooner.id, far.id].includes(id));
    expect(ids(await list(viewer))).toEqual([later.id, sooner.id, far.id]);
    expect(ids(await list(viewer, '?scope=city'))).toEqual([later.id]);
    expect(ids(await list(viewer, '?scope=state'))).toEqual([later.id, sooner.id]);
    expect((await viewer.request('GET', '/api/events?scope=galaxy')).statusCode).toBe(400);
    expect((await viewer.request('GET', '/api/events?cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it('drops past and cancelled meetups', async () => {
    const [ana, bea] = [await portlander(), await portlander()];
    const past = await host(ana, { title: 'Past' });
    await t.database.db.execute(`update events set event_date = now() - interval '1 hour' where id = '${past.id}'`);
    const cancelled = await host(ana, { title: 'Cancelled' });
    expect((await ana.request('DELETE', `/api/events/${cancelled.id}`)).statusCode).toBe(200);
    const seen = (await list(bea)).map((e) => e.id);
    expect(seen).not.toContain(past.id);
    expect(seen).not.toContain(cancelled.id);
    expect((await join(bea, past.id)).statusCode).toBe(410);
    expect((await join(bea, cancelled.id)).statusCode).toBe(410);
  });

  it('hides the venue and guest list from non-attendees, and carries no private field', async () => {
    const [ana, bea] = [await portlander(), await portlander()];
    await plantPrivateData(t, ana, { phoneNumber: '+15035550123' });
    const event = await host(ana);
    const card = (await list(bea)).find((e) => e.id === event.id);
    expect(card).toMatchObject({ venue: null, isAttending: false, attendeeCount: 1 });
    const guests = await bea.request('GET', `/api/events/${event.id}/attendees`);
    expect(guests.statusCode).toBe(403);
    const body =
      (await bea.request('GET', '/api/events')).body + (await bea.request('GET', `/api/events/${event.id}`)).body;
    expect(body).not.toMatch(PRIVATE_PATTERN);
    expect(body).not.toContain(ana.user.username);
    // Portland's coordinates (45.5, -122.6), looked for outside the timestamps, whose seconds can read '45.5…'.
    expect(body.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '')).not.toMatch(/45\.5|122\.6/);

    expect((await join(bea, event.id)).json<EventCard>().venue).toBe('Tea Chai Té, NW 23rd');
    const attendees = (await bea.request('GET', `/api/events/${event.id}/attendees`)).json<AttendeeList>().attendees;
    expect(attendees.map((a) => [a.id, a.isHost])).toEqual([
      [ana.user.id, true],
      [bea.user.id, false],
    ]);
    expect(JSON.stringify(attendees)).not.toMatch(PRIVATE_PATTERN);
  });

  it('hides meetups across a block, both ways, and refuses the join', async () => {
    const [ana, bea, cleo] = [await portlander(), await portlander(), await portlander()];
    const anas = await host(ana);
    const beas = await host(bea);
    await block(ana, cleo);
    expect((await list(cleo)).map((e) => e.id)).not.toContain(anas.id);
    expect((await join(cleo, anas.id)).statusCode).toBe(404);
    await block(bea, ana);
    expect((await list(ana)).map((e) => e.id)).not.toContain(beas.id);
    expect((await list(bea)).map((e) => e.id)).not.toContain(anas.id);
  });
});

describe('joining and leaving', () => {
  it('refuses the host, a second join and a full meetup', async () => {
    const [ana, bea, cleo] = [await portlander(), await portlander(), await portlander()];
    const event = await host(ana, { maxAttendees: 2 });
    const hostJoin = await join(ana, event.id);
    expect(hostJoin.statusCode).toBe(409);
    expect(hostJoin.json<{ message: string }>().message).toBe("You're hosting this meetup");
    const first = await join(bea, event.id);
    expect(first.statusCode).toBe(200);
    expect(first.json<EventCard>()).toMatchObject({ isAttending: true, attendeeCount: 2, spotsLeft: 0 });
    expect((await join(bea, event.id)).statusCode).toBe(409);
    const full = await join(cleo, event.id);
    expect(full.statusCode).toBe(409);
    expect(full.json<{ message: string }>().message).toBe('This meetup is full');
  });

  it('frees the spot when someone leaves', async () => {
    const [ana, bea, cleo] = [await portlander(), await portlander(), await portlander()];
    const event = await host(ana, { maxAttendees: 2 });
    await join(bea, event.id);
    const left = await bea.request('POST', `/api/events/${event.id}/leave`);
    expect(left.json<EventCard>()).toMatchObject({ isAttending: false, attendeeCount: 1, venue: null });
    expect((await join(cleo, event.id)).statusCode).toBe(200);
    expect((await bea.request('POST', `/api/events/${event.id}/leave`)).statusCode).toBe(409);
    expect((await ana.request('POST', `/api/events/${event.id}/leave`)).statusCode).toBe(409);
  });

  it('fills exactly the free spots when 50 members race for 9', async () => {
    const ana = await portlander();
    const event = await host(ana, { maxAttendees: 10 });
    const racers = await Promise.all(Array.from({ length: 50 }, () => portlander()));
    const results = await Promise.all(racers.map((r) => join(r, event.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(9);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(41);
    const after = (await ana.request('GET', `/api/events/${event.id}`)).json<EventCard>();
    expect(after).toMatchObject({ attendeeCount: 10, spotsLeft: 0 });
    const guests = (await ana.request('GET', `/api/events/${event.id}/attendees`)).json<AttendeeList>().attendees;
    expect(guests).toHaveLength(10);
  }, 120_000);

  it('lets only verified members into a verified-only meetup, saying how to get verified', async () => {
    const [ana, bea, cleo] = [await portlander(), await portlander(), await portlander()];
    const event = await host(ana, { verifiedOnly: true });
    const refused = await join(bea, event.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('Verification');
    await t.database.db.update(users).set({ isVerified: true }).where(eq(users.id, cleo.user.id));
    expect((await join(cleo, event.id)).statusCode).toBe(200);
  });
});

describe('cancelling', () => {
  it('is for the host only, and tells attendees over the socket and in their notices', async () => {
    const [ana, bea] = [await portlander(), await portlander()];
    const event = await host(ana, { title: 'Oolong evening' });
    await join(bea, event.id);
    expect((await bea.request('DELETE', `/api/events/${event.id}`)).statusCode).toBe(403);
    const socket = await connect(baseUrl, bea.user, bea.cookie);
    try {
      const heard = socket.next('notice');
      expect((await ana.request('DELETE', `/api/events/${event.id}`)).statusCode).toBe(200);
      const frame = await heard;
      expect(frame.notice).toMatchObject({ kind: 'event_cancelled', title: 'Meetup cancelled', link: '/events' });
      expect(frame.notice.body).toContain('Oolong evening');
    } finally {
      await socket.close();
    }
    const notices = (await bea.request('GET', '/api/notifications/notices')).json<NoticeList>();
    expect(notices.unread).toBe(1);
    expect(notices.notices[0]).toMatchObject({ kind: 'event_cancelled', read: false });
    const read = (await bea.request('POST', '/api/notifications/notices/read')).json<NoticeList>();
    expect(read.unread).toBe(0);
    // The host is not told of her own cancellation.
    const hostNotices = (await ana.request('GET', '/api/notifications/notices')).json<NoticeList>().notices;
    expect(hostNotices.filter((n) => n.kind === 'event_cancelled')).toEqual([]);
    expect((await bea.request('GET', `/api/events/${event.id}`)).statusCode).toBe(410);
  });
});
