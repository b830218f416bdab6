import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox, smsSettings } from '../../../db/schema/notifications';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';
import { member } from '../../../test/members';
import { SMS_CODES_PER_ACCOUNT_PER_DAY, SMS_CODES_PER_NUMBER_PER_HOUR } from './texts';

/** Verification texts cannot be pumped (each one costs money with Twilio). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const smsUrl = (c: Client) => `/api/users/${c.user.id}/sms-settings`;
const save = (c: Client, phoneNumber: string) => c.request('PUT', smsUrl(c), { phoneNumber, smsNotifications: true });
const textsTo = async (masked: string) =>
  (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toMasked, masked))).length;
const textsOf = async (c: Client) =>
  (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.userId, c.user.id))).length;

describe('verification texts', () => {
  it(`40 saves at once from one account send at most ${SMS_CODES_PER_NUMBER_PER_HOUR} texts to a number`, async () => {
    const ana = await member(t);
    const answers = await Promise.all(Array.from({ length: 40 }, () => save(ana, '(503) 555-0301')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SMS_CODES_PER_NUMBER_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - SMS_CODES_PER_NUMBER_PER_HOUR);
    const limited = answers.find((a) => a.statusCode === 429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await textsTo('•••• 0301')).toBe(SMS_CODES_PER_NUMBER_PER_HOUR);
  });

  it(`limits a number to ${SMS_CODES_PER_NUMBER_PER_HOUR} texts an hour whichever accounts ask`, async () => {
    const askers = [await member(t), await member(t), await member(t), await member(t)];
    const statuses = [];
    for (const c of askers) statuses.push((await save(c, '(503) 555-0302')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The refused one changed nothing.
    const [row] = await t.database.db.select().from(smsSettings).where(eq(smsSettings.userId, askers[3]!.user.id));
    expect(row?.pendingPhone ?? null).toBeNull();
  });

  it(`limits an account to ${SMS_CODES_PER_ACCOUNT_PER_DAY} texts a day over different numbers`, async () => {
    const bea = await member(t);
    const statuses = [];
    for (let i = 0; i < SMS_CODES_PER_ACCOUNT_PER_DAY + 2; i++) {
      statuses.push((await save(bea, `(503) 555-04${String(i).padStart(2, '0')}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(SMS_CODES_PER_ACCOUNT_PER_DAY).fill(200), 429, 429]);
    expect(await textsOf(bea)).toBe(SMS_CODES_PER_ACCOUNT_PER_DAY);
  });

  it('texts only numbers in the allowed countries (default US and CA)', async () => {
    const cleo = await member(t);
    for (const abroad of ['+44 20 7946 0958', '+33 1 42 68 53 00', '+882 3 4567 8901']) {
      const refused = await save(cleo, abroad);
      expect(refused.statusCode, abroad).toBe(400);
      expect(refused.json().errors?.[0]?.path).toBe('phoneNumber');
    }
    expect((await save(cleo, '+1 416 555 0199')).statusCode).toBe(200); // Toronto
    expect(await textsOf(cleo)).toBe(1);
  });

  it('SMS_COUNTRIES configures the list', async () => {
    const uk = await createTestApp({ SMS_COUNTRIES: 'GB' });
    try {
      const dana = await member(uk);
      const put = (phoneNumber: string) => dana.request('PUT', smsUrl(dana), { phoneNumber, smsNotifications: true });
      expect((await put('+44 20 7946 0958')).statusCode).toBe(200);
      const us = await put('(503) 555-0123');
      expect(us.statusCode).toBe(400);
      expect(us.json().message).toContain('the United Kingdom');
    } finally {
      await uk.close();
    }
  });
});
