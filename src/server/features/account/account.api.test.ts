import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_SENT, type AccountExport } from '../../../contract/account';
import { PASSWORD_CHANGED_REASON } from '../../../contract/realtime-protocol';
import { eventAttendees, events, notices, passwordResets, userBadges } from '../../test/tables';
import { connect, openSocket, UpgradeRefused } from '../../realtime/test-socket';
import {
  clientFor,
  createTestApp,
  deliveredMail,
  sessionCookie,
  signUp,
  type Client,
  type TestApp,
} from '../../test/harness';
import { createMatch } from '../../test/matches';
import { multipart, smallImage } from '../profiles/test-factories';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const PASSWORD = 'Secret_123';

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

async function secondDevice(client: Client): Promise<Client> {
  const response = await login(client.user.username, PASSWORD);
  return clientFor(t.app, client.user, sessionCookie(response));
}

async function withVerifiedEmail(client: Client, email: string): Promise<void> {
  const set = await client.request('POST', '/api/account/email', { email, currentPassword: PASSWORD });
  expect(set.statusCode).toBe(202);
  expect(set.json()).toMatchObject({ email, verified: false });
  const [mail] = await deliveredMail(t);
  const code = /code to confirm this email on Steep is (\d{6})/.exec(mail ?? '')?.[1];
  expect(code).toBeDefined();
  const verified = await client.request('POST', '/api/account/email/verify', { code });
  expect(verified.statusCode).toBe(200);
  expect(verified.json()).toMatchObject({ email, verified: true });
}

const tokenOf = (mail: string | undefined) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1];

describe('change password', () => {
  it('needs the current password, then ends every other session and keeps this one', async () => {
    const ana = await signUp(t.app);
    const laptop = await secondDevice(ana);
    const laptopSocket = await connect(baseUrl, ana.user, laptop.cookie);

    const wrong = await ana.request('POST', '/api/account/password', {
      currentPassword: 'Not_it_1',
      newPassword: 'Brand_new_2',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors[0]).toEqual({ path: 'currentPassword', message: 'That password is not right' });
    const weak = await ana.request('POST', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect((await login(ana.user.username, PASSWORD)).statusCode).toBe(200);

    const changed = await ana.request('POST', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'Brand_new_2',
    });
    expect(changed.statusCode).toBe(200);
    expect((await ana.request('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await laptop.request('GET', '/api/auth/me')).statusCode).toBe(401);
    // Her other device is told why it is signed out.
    expect(await laptopSocket.closed).toEqual({ code: 1008, reason: PASSWORD_CHANGED_REASON });
    expect((await login(ana.user.username, PASSWORD)).statusCode).toBe(401);
    expect((await login(ana.user.username, 'Brand_new_2')).statusCode).toBe(200);
  });
});

describe('email and password reset', () => {
  it('verifies an email with the code sent to it, refusing a wrong code', async () => {
    const bea = await signUp(t.app);
    await bea.request('POST', '/api/account/email', { email: 'Bea@Example.com', currentPassword: PASSWORD });
    const [mail] = await deliveredMail(t);
    expect(mail).toContain('To: bea@example.com');
    const sent = /is (\d{6})/.exec(mail ?? '')?.[1];
    const wrong = await bea.request('POST', '/api/account/email/verify', {
      code: sent === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const me = (await bea.request('GET', '/api/auth/me')).json();
    expect(me).toMatchObject({ email: 'bea@example.com', emailVerified: false });
  });

  it('mails the code at sign-up to an email given there, in her language, stored as one spelling', async () => {
    const dee = await signUp(t.app, { email: '  Dee@Example.COM ' }, { 'accept-language': 'es' });
    expect(dee.user).toMatchObject({ email: 'dee@example.com', emailVerified: false });
    const [mail, ...more] = await deliveredMail(t);
    expect(more).toHaveLength(0);
    expect(mail).toContain('To: dee@example.com');
    expect(mail).toContain('Tu código para confirmar este correo');
    const code = /(\d{6})/.exec(mail ?? '')?.[1];
    expect(code).toBeDefined();
    const verified = await dee.request('POST', '/api/account/email/verify', { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email: 'dee@example.com', verified: true });
    // The same code from a second device that had the form open: nothing waits for a code (409), neither
    // "verified" (any code would look right) nor "expired" (which sends her for a new one).
    const again = await dee.request('POST', '/api/account/email/verify', { code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'NOTHING_TO_CONFIRM',
      message: 'Ninguna dirección espera un código: tu correo dee@example.com ya está confirmado.',
    });

    // Someone else signing up with her verified address: the same answer, no code; Dee is told.
    const other = await signUp(t.app, { email: 'dee@example.com' });
    expect(other.user).toMatchObject({ email: 'dee@example.com', emailVerified: false });
    const [notice, ...rest] = await deliveredMail(t);
    expect(rest).toHaveLength(0);
    expect(notice).toContain('To: dee@example.com');
    expect(notice).toContain(dee.user.username);
    expect(notice).not.toMatch(/\b\d{6}\b/);
  });

  it('mails a single-use link, answers the same for unknown accounts, and ends every session', async () => {
    const cleo = await signUp(t.app);
    await withVerifiedEmail(cleo, `cleo-${cleo.user.id.slice(0, 8)}@example.com`);
    const phone = await secondDevice(cleo);
    const socket = await connect(baseUrl, cleo.user, phone.cookie);

    const answers = await Promise.all(
      [cleo.user.username, 'nobody-here', `cleo-${cleo.user.id.slice(0, 8)}@example.com`, 'ghost@example.com'].map(
        (login) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { login } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ ok: true, message: PASSWORD_RESET_SENT });
    }
    const mails = await deliveredMail(t);
    // One for the username, one for her verified email; none for the unknown ones.
    expect(mails).toHaveLength(2);
    // Only the newest link works: the link made last (the two jobs may run in either order) retired the other.
    const usable = async (resetToken: string | undefined) =>
      (
        await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token: resetToken } })
      ).json<{ usable: boolean }>().usable;
    const links = mails.map(tokenOf);
    const working = [];
    for (const link of links) if (await usable(link)) working.push(link);
    expect(working).toHaveLength(1);
    const token = working[0];
    const older = links.find((link) => link !== token);
    expect(older).toBeDefined();

    // Only the token's hash is stored.
    const stored = await t.database.db.select().from(passwordResets);
    expect(JSON.stringify(stored)).not.toContain(token);

    const reset = (newPassword: string, resetToken = token) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token: resetToken, newPassword },
      });
    // Her current password is not a new one: refused beside the field, and the link still works.
    const unchanged = await reset(PASSWORD);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toMatchObject({
      message: 'That is your current password. Log in with it, or choose a new one',
      errors: [{ path: 'newPassword' }],
    });
    expect(await usable(token)).toBe(true);
    const done = await reset('Reset_pass_3');
    expect(done.statusCode).toBe(200);
    // Her username, for the login form that follows.
    expect(done.json()).toMatchObject({ ok: true, username: cleo.user.username });
    expect(await socket.closed).toEqual({ code: 1008, reason: PASSWORD_CHANGED_REASON });
    expect((await cleo.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await phone.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await login(cleo.user.username, 'Reset_pass_3')).statusCode).toBe(200);

    // Single use, and the earlier link stays dead.
    const again = await reset('Another_pass_4');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].path).toBe('token');
    expect((await reset('Another_pass_4', older)).statusCode).toBe(400);
    expect((await reset('Another_pass_4', 'x'.repeat(43))).statusCode).toBe(400);
  });

  it('does not mail an account without a verified email, and a link expires after 30 minutes', async () => {
    const dana = await signUp(t.app, { email: 'dana@example.com' });
    // The sign-up's code mail; until it is used, her email is not where a reset may go.
    expect(await deliveredMail(t)).toEqual([expect.stringContaining('code to confirm this email')]);
    const unverified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { login: dana.user.username },
    });
    expect(unverified.json()).toEqual({ ok: true, message: PASSWORD_RESET_SENT });
    expect(await deliveredMail(t)).toHaveLength(0);

    await withVerifiedEmail(dana, 'dana@example.com');
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { login: dana.user.username } });
    const token = tokenOf((await deliveredMail(t))[0]);
    await t.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${dana.user.id}`,
    );
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, newPassword: 'Too_late_5' },
    });
    expect(late.statusCode).toBe(400);
    expect((await login(dana.user.username, PASSWORD)).statusCode).toBe(200);
  });
});

describe('checking a reset link before she types', () => {
  const check = (token: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token } });

  it('says usable only for an unused, unexpired link, and names no account either way', async () => {
    const eve = await signUp(t.app);
    await withVerifiedEmail(eve, `eve-${eve.user.id.slice(0, 8)}@example.com`);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { login: eve.user.username } });
    const token = tokenOf((await deliveredMail(t))[0]);
    expect(token).toBeDefined();

    const fresh = await check(token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ usable: true });
    // Checking does not spend it.
    expect((await check(token)).json()).toEqual({ usable: true });

    // Unknown and malformed tokens: the same shape, no 4xx that would tell a malformed one apart.
    for (const other of ['x'.repeat(43), 'short', '']) {
      const answer = await check(other);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ usable: false });
    }
    expect((await check(42)).statusCode).toBe(400);

    const used = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, newPassword: 'Checked_pass_6' },
    });
    expect(used.statusCode).toBe(200);
    expect((await check(token)).json()).toEqual({ usable: false });
  });

  it('says an expired link is not usable', async () => {
    const fay = await signUp(t.app);
    await withVerifiedEmail(fay, `fay-${fay.user.id.slice(0, 8)}@example.com`);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { login: fay.user.username } });
    const token = tokenOf((await deliveredMail(t))[0]);
    expect((await check(token)).json()).toEqual({ usable: true });
    await t.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${fay.user.id}`,
    );
    expect((await check(token)).json()).toEqual({ usable: false });
  });
});

describe('data export', () => {
  it('holds her profile, photos, swipes, matches, her own messages and reports she filed, and nobody else’s private data', async () => {
    const eve = await signUp(t.app, { email: 'eve@example.com' });
    const fay = await signUp(t.app, { email: 'fay-private@example.com' });
    const gia = await signUp(t.app);
    const { payload, headers } = multipart([{ filename: 'p.png', contentType: 'image/png', data: await smallImage() }]);
    expect((await eve.request('POST', `/api/users/${eve.user.id}/photos`, payload, headers)).statusCode).toBe(201);
    await eve.request('POST', '/api/likes', { targetUserId: gia.user.id, isLike: false });
    const matchId = await createMatch(t.database.db, eve.user.id, fay.user.id);
    await eve.request('POST', '/api/messages', { matchId, content: 'Hi from Eve', messageType: 'text' });
    await fay.request('POST', '/api/messages', { matchId, content: 'Fay’s own reply', messageType: 'text' });
    await eve.request('POST', '/api/reports', {
      reportedUserId: gia.user.id,
      reason: 'spam_or_scam',
      description: 'Eve wrote this',
    });
    await gia.request('POST', '/api/reports', {
      reportedUserId: eve.user.id,
      reason: 'other',
      description: 'Gia about Eve',
    });

    const response = await eve.request('GET', '/api/account/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json<AccountExport>();
    expect(data.account).toMatchObject({ id: eve.user.id, email: 'eve@example.com' });
    expect(data.photos).toHaveLength(1);
    expect(data.swipes).toEqual([expect.objectContaining({ targetUserId: gia.user.id, liked: false })]);
    expect(data.matches).toEqual([
      expect.objectContaining({ matchId, withUserId: fay.user.id, withName: fay.user.name }),
    ]);
    expect(data.messages.map((m) => m.content)).toEqual(['Hi from Eve']);
    expect(data.reportsFiled).toEqual([
      expect.objectContaining({ reportedUserId: gia.user.id, description: 'Eve wrote this' }),
    ]);
    expect(data.preferences.discoveryFilters.maxDistance).toBeGreaterThan(0);
    const text = response.body;
    expect(text).not.toContain('fay-private@example.com');
    expect(text).not.toContain('Fay’s own reply');
    expect(text).not.toContain('Gia about Eve');
    expect(text).not.toContain(gia.user.username);
    expect(text).not.toMatch(/passwordHash|latitude|longitude|scrypt\$/);
  });
});

describe('account deletion', () => {
  it('needs her password, then removes her rows and media files, closes her sockets and refuses her login', async () => {
    const hana = await signUp(t.app, { email: 'hana@example.com' });
    // Mail to her address, one sent (its job done) and one not yet: neither job may outlive her.
    expect((await deliveredMail(t)).filter((mail) => mail.includes('To: hana@example.com'))).toHaveLength(1);
    expect((await hana.request('POST', '/api/account/email/code')).statusCode).toBe(202);
    const iris = await signUp(t.app);
    const jo = await signUp(t.app);
    const { payload, headers } = multipart([{ filename: 'p.png', contentType: 'image/png', data: await smallImage() }]);
    const photo = await hana.request('POST', `/api/users/${hana.user.id}/photos`, payload, headers);
    expect(photo.statusCode).toBe(201);
    const mediaRoot = path.resolve(t.config.DATA_DIR, 'media');
    const filesBefore = new Set(await readdir(mediaRoot));
    const matchId = await createMatch(t.database.db, hana.user.id, iris.user.id);
    await hana.request('POST', '/api/messages', { matchId, content: 'Hana’s secret message', messageType: 'text' });
    await hana.request('POST', '/api/likes', { targetUserId: jo.user.id, isLike: true });
    await hana.request('POST', '/api/reports', { reportedUserId: jo.user.id, reason: 'spam_or_scam' });
    await jo.request('POST', '/api/reports', {
      reportedUserId: hana.user.id,
      reason: 'harassment_or_bullying',
      description: 'about Hana',
    });
    await hana.request('PUT', `/api/users/${hana.user.id}/filters`, { minAge: 20, maxAge: 40, maxDistance: 30 });
    const laptop = await secondDevice(hana);
    const [phoneSocket, laptopSocket] = [
      await connect(baseUrl, hana.user, hana.cookie),
      await connect(baseUrl, hana.user, laptop.cookie),
    ];

    const wrong = await hana.request('DELETE', '/api/account', { password: 'Wrong_pass_1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors[0].path).toBe('password');
    expect((await hana.request('GET', '/api/auth/me')).statusCode).toBe(200);

    const deleted = await hana.request('DELETE', '/api/account', { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(await phoneSocket.closed).toMatchObject({ code: 1008 });
    expect(await laptopSocket.closed).toMatchObject({ code: 1008 });
    expect((await laptop.request('GET', '/api/auth/me')).statusCode).toBe(401);
    await expect(openSocket(baseUrl, laptop.cookie)).rejects.toEqual(new UpgradeRefused(401));
    expect((await login(hana.user.username, PASSWORD)).statusCode).toBe(401);

    // Her photo files are gone from disk; everyone else's stay.
    const filesAfter = new Set(await readdir(mediaRoot));
    const removed = [...filesBefore].filter((f) => !filesAfter.has(f));
    expect(removed.length).toBeGreaterThanOrEqual(2);

    // No row anywhere holds her id, name, username, email or message, except the report about her
    // (her id only), as docs/decisions/0010-account-deletion.md allows.
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const tables = rowsOf<{ table_name: string }>(
      await t.database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    );
    const needles = [hana.user.id, hana.user.username, 'hana@example.com', 'Hana’s secret message'];
    const leftovers: string[] = [];
    for (const { table_name } of tables) {
      const rows = rowsOf<unknown>(await t.database.db.execute(sql`select * from ${sql.identifier(table_name)}`));
      for (const row of rows) {
        const text = JSON.stringify(row);
        if (needles.some((n) => text.includes(n))) leftovers.push(`${table_name}: ${text}`);
      }
    }
    expect(leftovers, leftovers.join('\n')).toHaveLength(1);
    expect(leftovers[0]).toMatch(/^reports: /);
    expect(leftovers[0]).toContain('about Hana');
    expect(leftovers[0]).not.toContain(hana.user.username);

    // Her match sees no conversation with her any more.
    const irisMatches = await iris.request('GET', `/api/matches/${iris.user.id}`);
    expect(irisMatches.body).not.toContain(hana.user.id);
  });
});

describe('meetups, notices and badges', () => {
  const inHours = (hours: number) => new Date(Date.now() + hours * 60 * 60_000).toISOString();
  const meetup = (title: string) => ({
    title,
    location: 'Portland, Oregon',
    venue: 'Tea Chai Té, NW 23rd',
    eventDate: inHours(48),
    maxAttendees: 10,
  });
  const host = async (client: Client, title: string) => {
    const response = await client.request('POST', '/api/events', meetup(title));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const join = async (client: Client, id: string) =>
    expect((await client.request('POST', `/api/events/${id}/join`, {})).statusCode).toBe(200);
  const noticesOf = async (client: Client) =>
    (await client.request('GET', '/api/notifications/notices')).json<{ notices: { kind: string; body: string }[] }>()
      .notices;

  it('exports the meetups she hosted or joined, her notices and badges, and deletes them with her', async () => {
    const kim = await signUp(t.app, { location: 'Portland, Oregon' });
    const lee = await signUp(t.app, { location: 'Portland, Oregon' });
    const mo = await signUp(t.app, { location: 'Portland, Oregon' });
    const kimsMeetup = await host(kim, 'Kim’s matcha');
    await join(lee, kimsMeetup);
    const leesMeetup = await host(lee, 'Lee’s oolong');
    await join(kim, leesMeetup);
    const mosMeetup = await host(mo, 'Mo’s sencha');
    await join(kim, mosMeetup);
    expect((await mo.request('DELETE', `/api/events/${mosMeetup}`)).statusCode).toBe(200);
    // The cancellation notice is written after the request, by its domain event's listener.
    await t.app.events.drain();
    await t.database.db.insert(userBadges).values({ userId: kim.user.id, badgeId: 'first_match' });

    const data = (await kim.request('GET', '/api/account/export')).json<AccountExport>();
    expect(data.events.hosted).toEqual([expect.objectContaining({ eventId: kimsMeetup, title: 'Kim’s matcha' })]);
    expect(data.events.attending.map((e) => e.eventId).sort()).toEqual([leesMeetup, mosMeetup].sort());
    expect(JSON.stringify(data.events)).not.toContain(lee.user.id);
    // Hosting also earned her the Host badge, with its notice.
    expect(data.notices).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'event_cancelled' })]));
    expect(data.badges).toEqual(expect.arrayContaining([expect.objectContaining({ badgeId: 'first_match' })]));

    expect((await kim.request('DELETE', '/api/account', { password: PASSWORD })).statusCode).toBe(200);
    // She left Lee's meetup: its count drops back to Lee alone.
    const lees = (await lee.request('GET', `/api/events/${leesMeetup}`)).json<{ attendeeCount: number }>();
    expect(lees.attendeeCount).toBe(1);
    // Lee is told Kim's meetup is off.
    await t.app.events.drain();
    const leeNotices = await noticesOf(lee);
    expect(leeNotices.some((n) => n.kind === 'event_cancelled')).toBe(true);
    // The rows went by ON DELETE CASCADE.
    const db = t.database.db;
    const hers = async (table: typeof eventAttendees | typeof notices | typeof userBadges) =>
      (await db.select().from(table)).filter((r) => r.userId === kim.user.id);
    expect(await hers(eventAttendees)).toEqual([]);
    expect(await hers(notices)).toEqual([]);
    expect(await hers(userBadges)).toEqual([]);
    expect((await db.select().from(events)).filter((e) => e.creatorId === kim.user.id)).toEqual([]);
  });
});
