import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../contract/preferences';
import { eventAttendees, events, jobs } from '../../test/tables';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import { createMatch } from '../../test/matches';
import { like, member, setProfile } from '../../test/members';
import { MESSAGE_MAIL_DELAY_MS } from './delivery';

/*
 * Email notifications: the job queue runs with a moved clock; mail lands in the
 * embedded outbox (DATA_DIR/outbox), read here as the member's inbox.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://steep.example' });
});
afterAll(() => t.close());

interface Mail {
  to: string;
  subject: string;
  body: string;
}

async function inbox(address: string): Promise<Mail[]> {
  const dir = path.join(t.config.DATA_DIR, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.sort().map(async (file) => {
      const text = await readFile(path.join(dir, file), 'utf8');
      const [head = '', body = ''] =
        text.split('\n\n', 2).length === 2
          ? [text.slice(0, text.indexOf('\n\n')), text.slice(text.indexOf('\n\n') + 2)]
          : [];
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
      return { to: header('To'), subject: header('Subject'), body };
    }),
  );
  return mails.filter((m) => m.to === address);
}

/** Runs every due job, then the mail jobs they queued (stamped a moment later). */
async function runJobs(at = new Date()) {
  await t.app.jobs.runDue(at);
  // Jobs queued by a pass are stamped with the real clock: the next passes run them.
  for (let pass = 1; pass <= 2; pass++) {
    await t.app.jobs.runDue(new Date(Math.max(at.getTime(), Date.now()) + pass * 1_000));
  }
}

/**
 * Domain events queue their deliveries just after the response: waits until `client` has `n` email
 * jobs queued in all, then runs them.
 */
async function deliver(client: Client, n: number, at?: Date) {
  await vi.waitFor(
    async () => {
      const rows = await t.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, 'notify.email'), sql`${jobs.payload}->>'userId' = ${client.user.id}`));
      expect(rows.length).toBeGreaterThanOrEqual(n);
    },
    { timeout: 3_000, interval: 20 },
  );
  await runJobs(at ?? new Date());
}

async function withEmail(client: Client, verified = true): Promise<string> {
  const address = `${client.user.username}@mail.example`;
  await setProfile(t, client, { email: address, emailVerifiedAt: verified ? new Date() : null });
  return address;
}

async function setNotifications(client: Client, change: Partial<typeof DEFAULT_PREFERENCES.notifications>) {
  const prefs = (await client.request('GET', `/api/users/${client.user.id}/preferences`)).json();
  const saved = await client.request('PUT', `/api/users/${client.user.id}/preferences`, {
    ...prefs,
    ageRange: [22, 35],
    notifications: { ...prefs.notifications, ...change },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const unsubscribeLink = (mail: Mail) => /https:\/\/steep\.example\/unsubscribe\?token=(\S+)/.exec(mail.body)?.[1];

describe('email notifications', () => {
  it('mails a match and a like only with the toggle on and a verified address', async () => {
    const alex = await member(t, { name: 'Alex' });
    const sam = await member(t, { name: 'Sam' });
    const unverified = await member(t, { name: 'Uma' });
    const quiet = await member(t, { name: 'Quinn' });
    const samMail = await withEmail(sam);
    const umaMail = await withEmail(unverified, false);
    const quinnMail = await withEmail(quiet);
    await setNotifications(quiet, { likes: false });
    for (const target of [sam, unverified, quiet]) await like(alex, target);
    for (const target of [sam, unverified, quiet]) await deliver(target, 1);
    expect((await inbox(samMail)).map((m) => m.subject)).toEqual(['Someone liked you on Steep']);
    expect(await inbox(umaMail)).toEqual([]);
    expect(await inbox(quinnMail)).toEqual([]);

    await like(sam, alex);
    await deliver(sam, 2);
    const [, match] = await inbox(samMail);
    expect(match?.subject).toBe('You have a new match on Steep');
    expect(match?.body).toContain('You and Alex liked each other.');
    expect(match?.body).toMatch(/https:\/\/steep\.example\/conversation\/[0-9a-f-]{36}/);

    await setNotifications(sam, { emailNotifications: false });
    const other = await member(t);
    await like(other, sam);
    await deliver(sam, 3);
    expect(await inbox(samMail)).toHaveLength(2);
  });

  it('mails an unread message after 15 minutes offline, once per conversation, and not if she read it', async () => {
    const alex = await member(t, { name: 'Alex' });
    const sam = await member(t, { name: 'Sam' });
    const samMail = await withEmail(sam);
    const matchId = await createMatch(t.database.db, alex.user.id, sam.user.id);
    for (const content of ['Hi!', 'Still up for tea?']) {
      const sent = await alex.request('POST', '/api/messages', { matchId, content, clientMessageId: randomUUID() });
      expect(sent.statusCode).toBe(201);
    }
    await deliver(sam, 1, new Date(Date.now() + MESSAGE_MAIL_DELAY_MS - 60_000));
    expect(await inbox(samMail)).toEqual([]);
    await runJobs(new Date(Date.now() + MESSAGE_MAIL_DELAY_MS + 1_000));
    const mails = await inbox(samMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Alex sent you a message on Steep' });
    expect(mails[0]!.body).toContain('You have 2 unread messages from Alex.');
    expect(mails[0]!.body).not.toContain('Still up for tea?');

    // Read before the 15 minutes are up: no mail.
    const pat = await member(t, { name: 'Pat' });
    const patMail = await withEmail(pat);
    const second = await createMatch(t.database.db, alex.user.id, pat.user.id);
    const sent = await alex.request('POST', '/api/messages', {
      matchId: second,
      content: 'Hey',
      clientMessageId: randomUUID(),
    });
    expect((await pat.request('PUT', `/api/messages/${sent.json().id}/read`)).statusCode).toBe(200);
    await deliver(pat, 1, new Date(Date.now() + MESSAGE_MAIL_DELAY_MS + 1_000));
    expect(await inbox(patMail)).toEqual([]);
  });

  it('mails a meetup reminder 24 hours before when meetup notifications are on', async () => {
    const host = await member(t, { name: 'Host' });
    const guest = await member(t, { name: 'Guest' });
    const off = await member(t, { name: 'Off' });
    const guestMail = await withEmail(guest);
    const offMail = await withEmail(off);
    await setNotifications(guest, { events: true });
    const now = new Date('2031-05-01T10:00:00Z');
    const [event] = await t.database.db
      .insert(events)
      .values({
        creatorId: host.user.id,
        title: 'Matcha tasting',
        location: 'Portland, Oregon',
        eventDate: new Date(now.getTime() + 23.5 * 3_600_000),
        maxAttendees: 8,
        attendeeCount: 3,
      })
      .returning();
    await t.database.db
      .insert(eventAttendees)
      .values([host, guest, off].map((m) => ({ eventId: event!.id, userId: m.user.id })));
    await runJobs(now);
    await runJobs(now);
    const mails = await inbox(guestMail);
    expect(mails.map((m) => m.subject)).toEqual(['Reminder: Matcha tasting is tomorrow']);
    expect(await inbox(offMail)).toEqual([]);
    await t.database.db.delete(eventAttendees).where(and(eq(eventAttendees.eventId, event!.id)));
  });
});

describe('one-click unsubscribe', () => {
  it('works without signing in and turns off only that kind', async () => {
    const alex = await member(t, { name: 'Alex' });
    const sam = await member(t, { name: 'Sam' });
    const samMail = await withEmail(sam);
    await like(alex, sam);
    await deliver(sam, 1);
    const [likeMail] = await inbox(samMail);
    const token = unsubscribeLink(likeMail!);
    expect(token).toBeDefined();

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: decodeURIComponent(token!) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      kind: 'like',
      message: "You won't get likes by email or push any more. Turn them back on in Settings → Notifications.",
    });
    const { notifications } = (await sam.request('GET', `/api/users/${sam.user.id}/preferences`)).json();
    expect(notifications).toMatchObject({
      likes: false,
      newMatches: true,
      newMessages: true,
      emailNotifications: true,
    });

    // Likes no longer mail her; a match still does.
    const pat = await member(t);
    await like(pat, sam);
    await like(sam, alex);
    await deliver(sam, 3);
    expect((await inbox(samMail)).map((m) => m.subject)).toEqual([
      'Someone liked you on Steep',
      'You have a new match on Steep',
    ]);
  });

  it('confirms in the language of the page that opened the link', async () => {
    const alex = await member(t);
    const sam = await member(t);
    const samMail = await withEmail(sam);
    await like(alex, sam);
    await deliver(sam, 1);
    const [likeMail] = await inbox(samMail);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: decodeURIComponent(unsubscribeLink(likeMail!)!) },
      headers: { 'accept-language': 'es-ES' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      kind: 'like',
      message:
        'Ya no recibirás avisos de likes por correo ni por notificación push. Puedes volver a activarlo en Ajustes → Notificaciones.',
    });
  });

  it('refuses a forged or altered token with 400 and changes nothing', async () => {
    const sam = await member(t);
    const forged = [
      `${sam.user.id}.like.AAAA`,
      `${sam.user.id}.match`,
      'garbage-token-value',
      `${randomUUID()}.like.x`,
    ];
    for (const token of forged) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        payload: { token },
      });
      expect(response.statusCode).toBe(400);
    }
    const { notifications } = (await sam.request('GET', `/api/users/${sam.user.id}/preferences`)).json();
    expect(notifications).toEqual(DEFAULT_PREFERENCES.notifications);
  });
});
