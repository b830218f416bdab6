import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventCard } from '../../../contract/events';
import type { MemberCase } from '../../../contract/moderation';
import { reports } from '../../test/tables';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import { member, setProfile } from '../../test/members';

/* Reporting a meetup files a safety report against its host that names the event. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const here = { location: 'Portland, Oregon' };

async function hostMeetup(host: Client, title = 'Oolong by the river'): Promise<EventCard> {
  const response = await host.request('POST', '/api/events', {
    title,
    location: 'Portland, Oregon',
    venue: 'Riverside Tea House',
    eventDate: new Date(Date.now() + 48 * 60 * 60_000).toISOString(),
    maxAttendees: 8,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<EventCard>();
}

const reportEvent = (from: Client, eventId: string, body: object = { reason: 'inappropriate_behavior' }) =>
  from.request('POST', `/api/events/${eventId}/report`, body);

async function moderator(): Promise<Client> {
  const mod = await member(t);
  await setProfile(t, mod, { role: 'moderator' });
  return mod;
}

describe('reporting a meetup', () => {
  it('files a safety report against the host that names the event, shown to moderators with its title', async () => {
    const host = await member(t, here);
    const guest = await member(t, here);
    const event = await hostMeetup(host);

    const response = await reportEvent(guest, event.id, {
      reason: 'harassment_or_bullying',
      description: 'The host pressured guests to leave with her',
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ ok: true, message: 'Thank you. Our team will review your report.' });

    const rows = await t.database.db.select().from(reports).where(eq(reports.reporterId, guest.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reportedUserId: host.user.id,
      eventId: event.id,
      reason: 'harassment_or_bullying',
      description: 'The host pressured guests to leave with her',
    });

    const mod = await moderator();
    const opened = await mod.request('GET', `/api/moderation/members/${host.user.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const [filed] = opened.json<MemberCase>().reports;
    expect(filed).toMatchObject({
      reason: 'harassment_or_bullying',
      reporter: { id: guest.user.id },
      event: { id: event.id, title: 'Oolong by the river' },
    });
    // A member who is not a moderator cannot open the case.
    expect((await guest.request('GET', `/api/moderation/members/${host.user.id}`)).statusCode).toBe(403);
  });

  it('stores a repeat of the same open report once, and still takes a report about another of her meetups', async () => {
    const host = await member(t, here);
    const guest = await member(t, here);
    const first = await hostMeetup(host, 'Jasmine and jigsaws');
    const second = await hostMeetup(host, 'Rooibos at the market');
    expect((await reportEvent(guest, first.id)).statusCode).toBe(202);
    expect((await reportEvent(guest, first.id)).statusCode).toBe(202);
    expect((await reportEvent(guest, second.id)).statusCode).toBe(202);
    const rows = await t.database.db.select().from(reports).where(eq(reports.reporterId, guest.user.id));
    expect(rows.map((r) => r.eventId).sort()).toEqual([first.id, second.id].sort());
  });

  it('never tells the host who reported her meetup', async () => {
    const host = await member(t, here);
    const guest = await member(t, here);
    const event = await hostMeetup(host);
    expect((await reportEvent(guest, event.id)).statusCode).toBe(202);

    const seenByHost = [
      await host.request('GET', `/api/reports/${host.user.id}`),
      await host.request('GET', '/api/notifications/notices'),
      await host.request('GET', '/api/notifications/count'),
      await host.request('GET', `/api/events/${event.id}`),
      await host.request('GET', '/api/events?scope=all'),
      await host.request('GET', '/api/account/export'),
    ];
    for (const response of seenByHost) {
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(response.body).not.toContain(guest.user.id);
      expect(response.body).not.toContain(guest.user.username);
    }
    expect(seenByHost[0]!.json()).toEqual([]);
  });

  it('answers 404 for a meetup that does not exist', async () => {
    const guest = await member(t, here);
    expect((await reportEvent(guest, randomUUID())).statusCode).toBe(404);
    expect((await reportEvent(guest, 'not-an-id')).statusCode).toBe(404);
    const rows = await t.database.db.select().from(reports).where(eq(reports.reporterId, guest.user.id));
    expect(rows).toEqual([]);
  });

  it('refuses a report about her own meetup with a 400', async () => {
    const host = await member(t, here);
    const event = await hostMeetup(host);
    const response = await reportEvent(host, event.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'You cannot report your own meetup' });
  });

  it('refuses an unknown reason with a 400 and a message', async () => {
    const host = await member(t, here);
    const guest = await member(t, here);
    const event = await hostMeetup(host);
    const response = await reportEvent(guest, event.id, { reason: 'vibes' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe('Choose a reason from the list');
  });
});
