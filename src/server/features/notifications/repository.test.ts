import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../contract/preferences';
import { insertMember, useTestDatabase } from '../../test/direct';
import { sessions, userPreferences } from '../../test/tables';
import {
  allNoticesOf,
  claimMatchText,
  confirmPendingPhone,
  countWrongCode,
  deleteDeviceOf,
  insertNotices,
  latestNotices,
  markAllNoticesRead,
  recordFirstSend,
  reserveCodeText,
  saveSubscription,
  smsSettingsOf,
  stopTextsTo,
  subscriptionsOf,
  upsertSmsSettings,
} from './repository';

/** Notifications' statements straight on the database: no app, no HTTP. */
const db = useTestDatabase();

const MINUTE = 60_000;

describe('notices', () => {
  it('lists her latest first with the unread count of all hers; marking read clears it for her only', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const notice = (userId: string, title: string) => ({ userId, kind: 'warning' as const, title, body: '' });
    await insertNotices(db(), [notice(ana.id, 'first'), notice(bea.id, 'hers')]);
    await insertNotices(db(), [notice(ana.id, 'second')]);
    const latest = await latestNotices(db(), ana.id, 1);
    expect(latest).toEqual({ rows: [expect.objectContaining({ title: 'second' })], unread: 2 });

    await markAllNoticesRead(db(), ana.id);
    expect((await latestNotices(db(), ana.id, 10)).unread).toBe(0);
    expect((await allNoticesOf(db(), ana.id)).map((n) => n.title)).toEqual(['second', 'first']);
    expect((await latestNotices(db(), bea.id, 10)).unread).toBe(1);
  });

  it('records a once-only notification once per member and key', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    expect(await recordFirstSend(db(), ana.id, 'event:1:24h')).toBe(true);
    expect(await recordFirstSend(db(), ana.id, 'event:1:24h')).toBe(false);
    expect(await recordFirstSend(db(), bea.id, 'event:1:24h')).toBe(true);
  });
});

describe('push subscriptions', () => {
  async function sessionOf(userId: string): Promise<string> {
    const tokenHash = randomUUID();
    await db()
      .insert(sessions)
      .values({ tokenHash, userId, expiresAt: new Date(Date.now() + 60 * MINUTE) });
    return tokenHash;
  }

  const device = (userId: string, sessionTokenHash: string, endpoint: string) => ({
    userId,
    sessionTokenHash,
    endpoint,
    p256dh: 'key',
    auth: 'auth',
    expiresAt: null,
    device: 'Firefox on Linux',
  });

  it('refuses a device beyond the cap, yet takes back an endpoint she already has', async () => {
    const ana = await insertMember(db());
    const session = await sessionOf(ana.id);
    const endpoint = (n: number) => `https://push.example/${ana.id}/${n}`;
    expect(await saveSubscription(db(), device(ana.id, session, endpoint(1)), 2)).toBe('saved');
    expect(await saveSubscription(db(), device(ana.id, session, endpoint(2)), 2)).toBe('saved');
    expect(await saveSubscription(db(), device(ana.id, session, endpoint(3)), 2)).toBe('full');
    expect(await saveSubscription(db(), device(ana.id, session, endpoint(1)), 2)).toBe('saved');
    expect((await subscriptionsOf(db(), ana.id)).map((s) => s.endpoint).sort()).toEqual([endpoint(1), endpoint(2)]);
  });

  it('moves an endpoint to whoever subscribes it last: one browser, one row', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const endpoint = `https://push.example/shared/${ana.id}`;
    await saveSubscription(db(), device(ana.id, await sessionOf(ana.id), endpoint), 10);
    await saveSubscription(db(), device(bea.id, await sessionOf(bea.id), endpoint), 10);
    expect(await subscriptionsOf(db(), ana.id)).toEqual([]);
    const [row] = await subscriptionsOf(db(), bea.id);
    expect(row?.endpoint).toBe(endpoint);

    expect(await deleteDeviceOf(db(), ana.id, row!.id)).toBe(false);
    expect(await deleteDeviceOf(db(), bea.id, row!.id)).toBe(true);
    expect(await subscriptionsOf(db(), bea.id)).toEqual([]);
  });
});

describe('SMS', () => {
  let numbers = 0;
  /** A number no other test of this file uses. */
  const phone = () => `+447700900${String(++numbers).padStart(3, '0')}`;

  it('records code texts up to the per-number limit, then names the oldest one counted', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const now = new Date();
    const limits = {
      perNumber: 2,
      perAccount: 5,
      hourAgo: new Date(now.getTime() - 60 * MINUTE),
      dayAgo: new Date(now.getTime() - 24 * 60 * MINUTE),
    };
    const text = (userId: string, sentAt: Date) => ({
      userId,
      toMasked: '•••',
      toHash: `hash-${ana.id}`,
      body: 'code',
      provider: 'log',
      sentAt,
    });
    const first = new Date(now.getTime() - 10 * MINUTE);
    expect(await reserveCodeText(db(), text(ana.id, first), limits)).toMatchObject({ outcome: 'reserved' });
    expect(await reserveCodeText(db(), text(bea.id, now), limits)).toMatchObject({ outcome: 'reserved' });
    expect(await reserveCodeText(db(), text(ana.id, now), limits)).toEqual({ outcome: 'per_number', first });
  });

  it('refuses a code text beyond the per-account limit, whatever the number', async () => {
    const ana = await insertMember(db());
    const now = new Date();
    const limits = {
      perNumber: 5,
      perAccount: 1,
      hourAgo: new Date(now.getTime() - 60 * MINUTE),
      dayAgo: new Date(now.getTime() - 24 * 60 * MINUTE),
    };
    const text = (toHash: string) => ({ userId: ana.id, toMasked: '•••', toHash, body: 'code', provider: 'log' });
    expect(await reserveCodeText(db(), { ...text('a'), sentAt: now }, limits)).toMatchObject({ outcome: 'reserved' });
    expect(await reserveCodeText(db(), { ...text('b'), sentAt: now }, limits)).toMatchObject({
      outcome: 'per_account',
    });
  });

  it('confirms the pending number only if no wrong guess was counted since it was read', async () => {
    const ana = await insertMember(db());
    const number = phone();
    await upsertSmsSettings(db(), ana.id, { pendingPhone: number, codeHash: 'hash', codeAttempts: 0 });
    const seen = (await smsSettingsOf(db(), ana.id))!;
    expect(await countWrongCode(db(), ana.id)).toBe(1);
    expect(await confirmPendingPhone(db(), seen, new Date())).toBeUndefined();

    const again = (await smsSettingsOf(db(), ana.id))!;
    expect(await confirmPendingPhone(db(), again, new Date())).toMatchObject({
      phoneNumber: number,
      enabled: true,
      pendingPhone: null,
      codeAttempts: 0,
    });
  });

  it('claims one match text per window, only with SMS on and her new-matches switch on', async () => {
    const [ana, bea, cora] = await Promise.all([insertMember(db()), insertMember(db()), insertMember(db())]);
    const now = new Date();
    const since = new Date(now.getTime() - 15 * MINUTE);
    await upsertSmsSettings(db(), ana.id, { phoneNumber: phone(), enabled: true });
    expect(await claimMatchText(db(), ana.id, since, now)).toBe(true);
    expect(await claimMatchText(db(), ana.id, since, now)).toBe(false);
    expect(await claimMatchText(db(), ana.id, new Date(now.getTime() + 1), new Date(now.getTime() + 15 * MINUTE))).toBe(
      true,
    );

    await upsertSmsSettings(db(), bea.id, { phoneNumber: phone(), enabled: true });
    await db()
      .insert(userPreferences)
      .values({
        userId: bea.id,
        lifestyle: DEFAULT_PREFERENCES.lifestyle,
        premium: DEFAULT_PREFERENCES.premium,
        notifications: { ...DEFAULT_PREFERENCES.notifications, newMatches: false },
        app: DEFAULT_PREFERENCES.app,
      });
    expect(await claimMatchText(db(), bea.id, since, now)).toBe(false);

    await upsertSmsSettings(db(), cora.id, { pendingPhone: phone(), enabled: true });
    expect(await claimMatchText(db(), cora.id, since, now)).toBe(false);
  });

  it('a STOP turns SMS off for the member with that confirmed number', async () => {
    const ana = await insertMember(db());
    const number = phone();
    await upsertSmsSettings(db(), ana.id, { phoneNumber: number, enabled: true });
    expect(await stopTextsTo(db(), phone())).toBe(false);
    expect(await stopTextsTo(db(), number)).toBe(true);
    expect((await smsSettingsOf(db(), ana.id))?.enabled).toBe(false);
  });
});
