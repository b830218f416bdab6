import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMS_MATCH_TEXT, SMS_PHONE_PLACEHOLDER } from '../../../../contract/sms';
import { buildApp } from '../../../app';
import { smsOutbox, smsSettings } from '../../../test/tables';
import { createTestApp, signUp, type Client, type TestApp } from '../../../test/harness';
import { like, member } from '../../../test/members';
import { connect } from '../../../realtime/test-socket';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const smsUrl = (c: Client) => `/api/users/${c.user.id}/sms-settings`;

async function outboxOf(c: Client) {
  return t.database.db.select().from(smsOutbox).where(eq(smsOutbox.userId, c.user.id)).orderBy(smsOutbox.sentAt);
}

/** The code the log provider "sent": the last text in her outbox. */
async function lastCode(c: Client): Promise<string> {
  const texts = await outboxOf(c);
  const code = /\b(\d{6})\b/.exec(texts[texts.length - 1]?.body ?? '')?.[1];
  if (!code) throw new Error('no code sent');
  return code;
}

async function confirmedMember(phone = '(503) 555-0142'): Promise<Client> {
  const c = await member(t);
  const saved = await c.request('PUT', smsUrl(c), { phoneNumber: phone, smsNotifications: true });
  expect(saved.statusCode, saved.body).toBe(200);
  const verified = await c.request('POST', `${smsUrl(c)}/verify`, { code: await lastCode(c) });
  expect(verified.statusCode, verified.body).toBe(200);
  return c;
}

async function jobsOf(kind: string) {
  const result = (await t.database.db.execute(sql`select payload from jobs where kind = ${kind}`)) as {
    rows: { payload: { userId: string } }[];
  };
  return result.rows.map((r) => r.payload.userId);
}

describe('SMS settings', () => {
  it('refuses invalid numbers with 400 and changes nothing', async () => {
    const ana = await member(t);
    for (const phoneNumber of ['12', 'call me', '(555) 123-4567', '+999 1234']) {
      const response = await ana.request('PUT', smsUrl(ana), { phoneNumber, smsNotifications: true });
      expect(response.statusCode, phoneNumber).toBe(400);
      expect(response.json().message).toMatch(/valid phone number/);
    }
    expect((await ana.request('PUT', smsUrl(ana), { smsNotifications: true })).statusCode).toBe(400);
    expect((await ana.request('GET', smsUrl(ana))).json()).toEqual({
      phoneNumber: null,
      smsNotifications: false,
      pendingVerification: false,
    });
  });

  it('normalises to E.164, sends a 6-digit code, and turns on only with the right code', async () => {
    const ana = await member(t);
    // The phone field's example is a number she could save.
    const saved = await ana.request('PUT', smsUrl(ana), { phoneNumber: SMS_PHONE_PLACEHOLDER, smsNotifications: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      smsNotifications: false,
      pendingVerification: true,
      phoneNumber: '•••• 0123',
    });
    expect(saved.json().message).toMatch(/6-digit code/);
    expect(saved.body).not.toContain('5035550123');
    const [row] = await t.database.db.select().from(smsSettings).where(eq(smsSettings.userId, ana.user.id));
    expect(row?.pendingPhone).toBe('+15035550123');
    const [text] = await outboxOf(ana);
    expect(text?.toMasked).toBe('•••• 0123');

    const code = await lastCode(ana);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await ana.request('POST', `${smsUrl(ana)}/verify`, { code: wrong });
    expect(refused.statusCode).toBe(400);
    // Said beside the code field, where she types the next one.
    expect(refused.json()).toMatchObject({
      errors: [{ path: 'code', message: expect.stringMatching(/4 tries left/) }],
    });
    expect((await ana.request('POST', `${smsUrl(ana)}/verify`, { code: '12ab' })).statusCode).toBe(400);

    const ok = await ana.request('POST', `${smsUrl(ana)}/verify`, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ smsNotifications: true, pendingVerification: false });
    // Off and on again with the confirmed number: no new code.
    await ana.request('PUT', smsUrl(ana), { smsNotifications: false });
    const again = await ana.request('PUT', smsUrl(ana), { phoneNumber: '+1 503 555 0123', smsNotifications: true });
    expect(again.json()).toMatchObject({ smsNotifications: true, pendingVerification: false });
    expect(await outboxOf(ana)).toHaveLength(1);
  });

  it('allows 5 tries, then refuses even the right code', async () => {
    const ana = await member(t);
    await ana.request('PUT', smsUrl(ana), { phoneNumber: '503-555-0177', smsNotifications: true });
    const code = await lastCode(ana);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await ana.request('POST', `${smsUrl(ana)}/verify`, { code: wrong })).statusCode).toBe(400);
    }
    const late = await ana.request('POST', `${smsUrl(ana)}/verify`, { code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'NEW_CODE_NEEDED',
      message: expect.stringMatching(/Too many wrong codes/),
      errors: [{ path: 'code' }],
    });
    expect((await ana.request('GET', smsUrl(ana))).json().smsNotifications).toBe(false);

    // Saved again with an empty field (her page reloaded): a new code to the number waiting, the lock lifted.
    const again = await ana.request('PUT', smsUrl(ana), { smsNotifications: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ phoneNumber: '•••• 0177', pendingVerification: true });
    expect(await outboxOf(ana)).toHaveLength(2);
    const confirmed = await ana.request('POST', `${smsUrl(ana)}/verify`, { code: await lastCode(ana) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ smsNotifications: true, pendingVerification: false });
  });

  it('expires a code after 10 minutes', async () => {
    const ana = await member(t);
    await ana.request('PUT', smsUrl(ana), { phoneNumber: '503-555-0188', smsNotifications: true });
    await t.database.db
      .update(smsSettings)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsSettings.userId, ana.user.id));
    const response = await ana.request('POST', `${smsUrl(ana)}/verify`, { code: await lastCode(ana) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'NEW_CODE_NEEDED', message: expect.stringMatching(/expired/) });
  });
});

describe('a text on a new match', () => {
  it('is queued only for a member who is offline and opted in, without the other name, at most once per 15 minutes', async () => {
    const ana = await confirmedMember('503-555-0101');
    const offMatches = await confirmedMember('503-555-0102');
    const noSms = await member(t);
    const saved = await offMatches.request('GET', `/api/users/${offMatches.user.id}/preferences`);
    const prefs = saved.json();
    prefs.notifications.newMatches = false;
    prefs.ageRange = [18, 65];
    expect((await offMatches.request('PUT', `/api/users/${offMatches.user.id}/preferences`, prefs)).statusCode).toBe(
      200,
    );

    const bea = await member(t, { name: 'Beatrix Uniquename' });
    await like(ana, bea);
    await like(offMatches, bea);
    await like(noSms, bea);
    await like(bea, ana);
    await like(bea, offMatches);
    await like(bea, noSms);
    await vi.waitFor(async () => expect(await jobsOf('sms.match')).toContain(ana.user.id));
    expect(await jobsOf('sms.match')).toEqual([ana.user.id]);

    await t.app.jobs.runDue();
    const texts = (await outboxOf(ana)).filter((m) => m.body === SMS_MATCH_TEXT);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).not.toContain('Beatrix');
    expect(texts[0]?.toMasked).toBe('•••• 0101');

    // A second match within 15 minutes queues nothing more.
    const cleo = await member(t);
    await like(ana, cleo);
    await like(cleo, ana);
    await t.app.events.drain();
    expect(await jobsOf('sms.match')).toEqual([ana.user.id]);
  });

  it('is not sent to a member with an open socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const ana = await confirmedMember('503-555-0103');
    const socket = await connect(baseUrl, ana.user, ana.cookie);
    const bea = await member(t);
    await like(bea, ana);
    await like(ana, bea);
    await t.app.events.drain();
    expect(await jobsOf('sms.match')).not.toContain(ana.user.id);
    await socket.close();
  });

  it('is delivered after a restart', async () => {
    const ana = await confirmedMember('503-555-0104');
    const bea = await member(t);
    await like(bea, ana);
    await like(ana, bea);
    await vi.waitFor(async () => expect(await jobsOf('sms.match')).toContain(ana.user.id));
    // The process stops before the worker ran; a new one on the same database sends the text.
    await t.app.close();
    const restarted = await buildApp({ config: t.config, database: t.database, scryptLogN: 10 });
    await restarted.ready();
    t.app = restarted;
    await restarted.jobs.runDue();
    expect((await outboxOf(ana)).filter((m) => m.body === SMS_MATCH_TEXT)).toHaveLength(1);
  });
});

describe('the Twilio webhook', () => {
  const token = 'test-auth-token';
  let tw: TestApp;
  beforeAll(async () => {
    tw = await createTestApp({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: token,
      TWILIO_FROM: '+15005550006',
      PUBLIC_URL: 'https://steep.example',
    });
  });
  afterAll(() => tw.close());

  const url = 'https://steep.example/api/sms/twilio/inbound';
  const post = (params: Record<string, string>, signature: string) =>
    tw.app.inject({
      method: 'POST',
      url: '/api/sms/twilio/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(params).toString(),
    });

  it('turns SMS off on STOP when the signature is valid, and refuses a forged one', async () => {
    const userId = (await signUp(tw.app)).user.id;
    await tw.database.db.insert(smsSettings).values({ userId, phoneNumber: '+15035550111', enabled: true });
    const params = { From: '+15035550111', Body: 'STOP', MessageSid: 'SM123' };

    const forged = await post(params, 'not-a-signature');
    expect(forged.statusCode).toBe(403);
    const tampered = await post(
      { ...params, From: '+15035550999' },
      twilio.getExpectedTwilioSignature(token, url, params),
    );
    expect(tampered.statusCode).toBe(403);
    const enabled = async () =>
      (await tw.database.db.select().from(smsSettings).where(eq(smsSettings.userId, userId)))[0]?.enabled;
    expect(await enabled()).toBe(true);

    const signed = await post(params, twilio.getExpectedTwilioSignature(token, url, params));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await enabled()).toBe(false);
  });

  it('is not enabled with the log provider', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sms/twilio/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      payload: 'From=%2B1&Body=STOP',
    });
    expect(response.statusCode).toBe(404);
  });
});
