import { and, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs } from './tables';
import { RENEWAL_JOB } from '../features/billing';
import type { SubscriptionDetails } from '../../contract/billing';
import type { Client, TestApp } from './harness';

/** Billing test helpers: paying through the API and moving the clock. */

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  failsAtRenewal: '4000 0000 0000 0341',
} as const;

export const DAY = 24 * 60 * 60_000;

export async function startSubscription(client: Client, planType: 'monthly' | 'annual' = 'monthly'): Promise<string> {
  const response = await client.request('POST', '/api/create-subscription', { userId: client.user.id, planType });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ clientSecret: string }>().clientSecret;
}

export const cardBody = (clientSecret: string, cardNumber: string = CARDS.ok) => ({
  clientSecret,
  cardNumber,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '314',
  name: 'Card Holder',
});

export async function confirm(client: Client, clientSecret: string, cardNumber: string = CARDS.ok) {
  return client.request('POST', '/api/billing/confirm', cardBody(clientSecret, cardNumber));
}

/** Pays for a plan with a card that succeeds now. */
export async function subscribe(
  client: Client,
  planType: 'monthly' | 'annual' = 'monthly',
  cardNumber: string = CARDS.ok,
) {
  const secret = await startSubscription(client, planType);
  const paid = await confirm(client, secret, cardNumber);
  expect(paid.statusCode, paid.body).toBe(200);
  return details(client);
}

export async function details(client: Client): Promise<SubscriptionDetails> {
  const response = await client.request('GET', '/api/billing/subscription');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SubscriptionDetails>();
}

export async function premium(client: Client): Promise<boolean> {
  const response = await client.request('GET', `/api/subscription-status/${client.user.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ hasActiveSubscription: boolean }>().hasActiveSubscription;
}

/**
 * The injectable clock: Date runs on from a moved point (an offset on the real clock, so it keeps
 * ticking and orders events as real time does); timers and I/O stay real. Time moves in steps shorter
 * than a session's life, and each client is seen at every step, as a member using the app would be.
 */
export function clock(clients: () => Client[]) {
  const RealDate = globalThis.Date;
  let offset = 0;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number | Date]));
    }
    static override now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
  return {
    now: () => new Date(),
    async travelTo(target: Date) {
      while (Date.now() < target.getTime()) {
        offset += Math.min(target.getTime() - Date.now(), 10 * DAY);
        for (const client of clients()) await client.request('GET', '/api/auth/me');
      }
    },
    restore() {
      globalThis.Date = RealDate;
    },
  };
}

/**
 * Runs the renewal sweep (and any other due job) as the worker would at the faked time. Tests in one
 * file each start their clock at the real now, so a sweep queued by an earlier test for its own far
 * future is brought back to now first: time never runs backwards outside tests.
 */
export async function runJobs(t: TestApp): Promise<number> {
  const now = new Date();
  await t.database.db
    .update(jobs)
    .set({ runAt: now })
    .where(and(eq(jobs.kind, RENEWAL_JOB), eq(jobs.status, 'queued'), gt(jobs.runAt, now)));
  return t.app.jobs.runDue(now);
}
