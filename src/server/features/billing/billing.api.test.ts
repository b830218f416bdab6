import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../../contract/billing';
import { createTestApp, signUp, type TestApp } from '../../test/harness';
import {
  CARDS,
  cardBody,
  clock,
  confirm,
  DAY,
  details,
  premium,
  runJobs,
  startSubscription,
  subscribe,
} from '../../test/billing';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(() => t.close());

let time: ReturnType<typeof clock> | undefined;
afterEach(() => {
  time?.restore();
  time = undefined;
});

/** The rows of a raw query, on PGlite and node-postgres alike. */
const rowsIn = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function rowsOf(table: string, userId: string) {
  return rowsIn<Record<string, unknown>>(
    await t.database.db.execute(sql.raw(`select * from ${table} where user_id = '${userId}'`)),
  );
}

describe('plans and starting a subscription', () => {
  it('refuses an unknown plan with 400 and changes nothing', async () => {
    const a = await signUp(t.app);
    const response = await a.request('POST', '/api/create-subscription', { userId: a.user.id, planType: 'weekly' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'planType' }] });
    expect(await rowsOf('subscriptions', a.user.id)).toEqual([]);
  });

  it('refuses to start a subscription for someone else (403)', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const response = await a.request('POST', '/api/create-subscription', { userId: b.user.id, planType: 'monthly' });
    expect(response.statusCode).toBe(403);
  });

  it('gives a payment secret that does not grant Premium, and a plan change replaces the unpaid one', async () => {
    const a = await signUp(t.app);
    const first = await a.request('POST', '/api/create-subscription', { userId: a.user.id, planType: 'monthly' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ clientSecret: expect.any(String), hasActiveSubscription: false });
    expect(await premium(a)).toBe(false);
    expect((await details(a)).subscription).toBeNull();

    const second = await startSubscription(a, 'annual');
    expect(second).not.toBe(first.json().clientSecret);
    const rows = await rowsOf('subscriptions', a.user.id);
    expect(rows.filter((r) => r.status === 'incomplete')).toEqual([expect.objectContaining({ plan: 'annual' })]);
    // The replaced secret no longer pays.
    expect((await confirm(a, first.json().clientSecret)).statusCode).toBe(404);
    const paid = await confirm(a, second);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ hasActiveSubscription: true, planType: 'annual' });
  });

  it('answers 409 when she already has Premium', async () => {
    const a = await signUp(t.app);
    await subscribe(a);
    const again = await a.request('POST', '/api/create-subscription', { planType: 'annual' });
    expect(again.statusCode).toBe(409);
  });
});

describe('paying with the demo processor', () => {
  it('4242 makes her Premium, records one payment with brand and last 4, and /me says so', async () => {
    const a = await signUp(t.app);
    const secret = await startSubscription(a);
    const paid = await confirm(a, secret);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await premium(a)).toBe(true);
    expect((await a.request('GET', '/api/auth/me')).json().hasActiveSubscription).toBe(true);
    const mine = await details(a);
    expect(mine.subscription).toMatchObject({
      planType: 'monthly',
      priceCents: PLANS.monthly.priceCents,
      status: 'active',
      cancelAtPeriodEnd: false,
      cardBrand: 'visa',
      cardLast4: '4242',
      isTestGrant: false,
    });
    const periodEnd = Date.parse(mine.subscription?.currentPeriodEnd ?? '');
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * DAY);
    expect(periodEnd - Date.now()).toBeLessThan(32 * DAY);
    expect(mine.payments).toEqual([
      expect.objectContaining({
        amountCents: 399,
        currency: 'usd',
        status: 'succeeded',
        cardBrand: 'visa',
        cardLast4: '4242',
      }),
    ]);
  });

  it('0002 is declined with 402 and the processor message; 9995 is insufficient funds; she stays free', async () => {
    const a = await signUp(t.app);
    const secret = await startSubscription(a);
    const declined = await confirm(a, secret, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Your card was declined.', code: 'PAYMENT_FAILED' });
    const poor = await confirm(a, secret, CARDS.insufficientFunds);
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe('Your card has insufficient funds.');
    expect(await premium(a)).toBe(false);
    const payments = await rowsOf('payments', a.user.id);
    expect(payments.map((p) => p.status)).toEqual(['failed', 'failed']);
    // The same secret still pays with a good card.
    expect((await confirm(a, secret)).statusCode).toBe(200);
    expect(await premium(a)).toBe(true);
  });

  it('checks the card server-side (Luhn, expiry, CVC) with 400s that change nothing', async () => {
    const a = await signUp(t.app);
    const secret = await startSubscription(a);
    const cases: [Record<string, unknown>, string][] = [
      [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber'],
      [{ expMonth: 1, expYear: 2020 }, 'expYear'],
      [{ cvc: '12' }, 'cvc'],
      [{ cardNumber: 'abcd' }, 'cardNumber'],
      [{ expMonth: 13 }, 'expMonth'],
    ];
    for (const [change, path] of cases) {
      const response = await a.request('POST', '/api/billing/confirm', { ...cardBody(secret), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
    // A real-looking card that is not a test card is declined: no real money moves here.
    const real = await confirm(a, secret, '4111 1111 1111 1111');
    expect(real.statusCode).toBe(402);
    expect(real.json().message).toMatch(/test card/);
    expect(await premium(a)).toBe(false);
  });

  it('never stores or logs the card number or CVC', async () => {
    const a = await signUp(t.app);
    logLines.length = 0;
    await subscribe(a, 'monthly', CARDS.ok);
    const secret = await startSubscription(await signUp(t.app));
    expect(secret).toBeTruthy();
    const b = await signUp(t.app);
    expect((await confirm(b, await startSubscription(b), CARDS.declined)).statusCode).toBe(402);

    const tables = rowsIn<{ table_name: string }>(
      await t.database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`),
    );
    let dump = '';
    for (const { table_name } of tables) {
      const rows = rowsIn<{ j: string }>(
        await t.database.db.execute(sql.raw(`select row_to_json(x)::text as j from "${table_name}" x`)),
      );
      dump += rows.map((r) => r.j).join('\n');
    }
    expect(dump).toContain('4242'); // last 4 are kept
    for (const text of [dump, logLines.join('')]) {
      expect(/.{80}(4242\s?4242\s?4242\s?4242|4000\s?0000\s?0000\s?0002).{40}/.exec(text)?.[0]).toBeUndefined();
      expect(text).not.toMatch(/4242\s?4242\s?4242\s?4242|4000\s?0000\s?0000\s?0002/);
      // No field for either: not as a column, not as a logged key.
      expect(text).not.toMatch(/"cvc"|"card_?number"/i);
      expect(text).not.toContain('"314"');
    }
    expect(logLines.join('')).toContain('/api/billing/confirm');
  });

  it('two confirms of one secret at the same time make one subscription and one payment', async () => {
    const a = await signUp(t.app);
    const secret = await startSubscription(a);
    const results = await Promise.all([confirm(a, secret), confirm(a, secret), confirm(a, secret)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const subs = await rowsOf('subscriptions', a.user.id);
    expect(subs.filter((s) => s.status === 'active')).toHaveLength(1);
    expect(await rowsOf('payments', a.user.id)).toHaveLength(1);
  });

  it("keeps each member's subscription hers: another can't read, pay or cancel it", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const secret = await startSubscription(a);
    expect((await confirm(b, secret)).statusCode).toBe(404);
    expect(await premium(b)).toBe(false);
    expect((await confirm(a, secret)).statusCode).toBe(200);
    expect((await b.request('GET', `/api/subscription-status/${a.user.id}`)).statusCode).toBe(403);
    expect((await b.request('POST', `/api/grant-test-subscription/${a.user.id}`)).statusCode).toBe(403);
    const theirs = await details(b);
    expect(theirs.subscription).toBeNull();
    expect(theirs.payments).toEqual([]);
    expect((await b.request('POST', '/api/billing/cancel')).statusCode).toBe(404);
    expect((await details(a)).subscription?.cancelAtPeriodEnd).toBe(false);
  });
});

describe('the demo Test Access grant', () => {
  it('creates a real 30-day subscription row (provider test) and answers as before', async () => {
    const a = await signUp(t.app);
    const granted = await a.request('POST', `/api/grant-test-subscription/${a.user.id}`);
    expect(granted.json()).toEqual({ hasActiveSubscription: true });
    const [row] = await rowsOf('subscriptions', a.user.id);
    expect(row).toMatchObject({ provider: 'test', status: 'active', plan: 'monthly' });
    const mine = await details(a);
    expect(mine.subscription).toMatchObject({ isTestGrant: true, status: 'active' });
    expect(Date.parse(mine.subscription?.currentPeriodEnd ?? '') - Date.now()).toBeGreaterThan(29 * DAY);
    expect(mine.payments).toEqual([]);
  });

  it('ends after 30 days', async () => {
    const a = await signUp(t.app);
    time = clock(() => [a]);
    await a.request('POST', `/api/grant-test-subscription/${a.user.id}`);
    await time.travelTo(new Date(Date.now() + 30 * DAY + 60_000));
    expect(await premium(a)).toBe(false);
    await runJobs(t);
    expect((await details(a)).subscription?.status).toBe('expired');
  });
});

describe('cancel, resume, switch plan', () => {
  it('cancel keeps Premium until the period ends, then it is gone without any job; the sweep records it', async () => {
    const a = await signUp(t.app);
    time = clock(() => [a]);
    await subscribe(a);
    const cancelled = await a.request('POST', '/api/billing/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    const end = new Date(cancelled.json().subscription.currentPeriodEnd);
    expect(await premium(a)).toBe(true);

    await time.travelTo(new Date(end.getTime() - 60_000));
    expect(await premium(a)).toBe(true);
    await runJobs(t);
    expect(await premium(a)).toBe(true);

    await time.travelTo(new Date(end.getTime() + 1000));
    expect(await premium(a)).toBe(false);
    expect((await a.request('GET', '/api/auth/me')).json().hasActiveSubscription).toBe(false);
    await runJobs(t);
    const after = await details(a);
    expect(after.subscription).toMatchObject({ status: 'expired' });
    expect(after.payments).toHaveLength(1);
  });

  it('resume undoes a cancellation, and the subscription renews', async () => {
    const a = await signUp(t.app);
    await subscribe(a);
    await a.request('POST', '/api/billing/cancel');
    const resumed = await a.request('POST', '/api/billing/resume');
    expect(resumed.json().subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('renews a monthly plan at the period end, recording the payment', async () => {
    const a = await signUp(t.app);
    time = clock(() => [a]);
    const first = await subscribe(a);
    const end = new Date(first.subscription?.currentPeriodEnd ?? '');
    await time.travelTo(new Date(end.getTime() + 60_000));
    // Within the renewal grace she is still Premium, before the sweep has run.
    expect(await premium(a)).toBe(true);
    await runJobs(t);
    const renewed = await details(a);
    expect(renewed.subscription?.status).toBe('active');
    expect(Date.parse(renewed.subscription?.currentPeriodEnd ?? '')).toBeGreaterThan(end.getTime() + 27 * DAY);
    expect(renewed.payments.map((p) => [p.status, p.description])).toEqual([
      ['succeeded', 'Monthly plan renewal'],
      ['succeeded', 'Monthly plan'],
    ]);
    expect(await premium(a)).toBe(true);
    // A second sweep at the same time charges nothing more.
    await runJobs(t);
    expect((await details(a)).payments).toHaveLength(2);
  });

  it('a card that fails at renewal (0341) makes the subscription past_due and ends Premium', async () => {
    const a = await signUp(t.app);
    time = clock(() => [a]);
    const first = await subscribe(a, 'monthly', CARDS.failsAtRenewal);
    expect(await premium(a)).toBe(true);
    const end = new Date(first.subscription?.currentPeriodEnd ?? '');
    await time.travelTo(new Date(end.getTime() + 60_000));
    await runJobs(t);
    const after = await details(a);
    expect(after.subscription?.status).toBe('past_due');
    expect(after.payments[0]).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
      cardLast4: '0341',
    });
    expect(await premium(a)).toBe(false);
    // She can start over with another card.
    expect((await confirm(a, await startSubscription(a))).statusCode).toBe(200);
    expect(await premium(a)).toBe(true);
  });

  it('switching monthly to annual takes effect at the next renewal', async () => {
    const a = await signUp(t.app);
    time = clock(() => [a]);
    const first = await subscribe(a, 'monthly');
    const switched = await a.request('POST', '/api/billing/plan', { planType: 'annual' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().subscription).toMatchObject({ planType: 'monthly', nextPlanType: 'annual' });
    const end = new Date(first.subscription?.currentPeriodEnd ?? '');
    await time.travelTo(new Date(end.getTime() + 60_000));
    await runJobs(t);
    const after = await details(a);
    expect(after.subscription).toMatchObject({ planType: 'annual', nextPlanType: null, priceCents: 5999 });
    expect(after.payments[0]).toMatchObject({ amountCents: 5999, description: 'Annual plan renewal' });
    expect(Date.parse(after.subscription?.currentPeriodEnd ?? '') - end.getTime()).toBeGreaterThan(364 * DAY);
    expect((await a.request('POST', '/api/billing/plan', { planType: 'weekly' })).statusCode).toBe(400);
  });
});

describe('Profile Boost', () => {
  it('is Premium only, once a day, for 30 minutes', async () => {
    const a = await signUp(t.app);
    time = clock(() => [a]);
    const refused = await a.request('POST', '/api/boost');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PREMIUM_REQUIRED');
    await subscribe(a);
    const boosted = await a.request('POST', '/api/boost');
    expect(boosted.statusCode).toBe(200);
    expect(Date.parse(boosted.json().activeUntil) - Date.now()).toBeGreaterThan(30 * 60_000 - 5000);
    expect(Date.parse(boosted.json().activeUntil) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect((await a.request('POST', '/api/boost')).statusCode).toBe(429);
    await time.travelTo(new Date(Date.now() + 31 * 60_000));
    expect((await a.request('GET', '/api/boost')).json()).toMatchObject({ activeUntil: null, available: false });
    expect((await a.request('POST', '/api/boost')).statusCode).toBe(429);
    await time.travelTo(new Date(Date.now() + DAY));
    expect((await a.request('POST', '/api/boost')).statusCode).toBe(200);
  });
});
