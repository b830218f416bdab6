import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUserBody, type TestApp } from '../test/harness';

/**
 * With TRUST_PROXY=true a client who writes her own X-Forwarded-For entries in front
 * of the real one must not get a fresh per-address budget. One trusted hop: the client address is the
 * entry the nearest proxy appended (the last one).
 */
describe('TRUST_PROXY', () => {
  let oneHop: TestApp;
  let listed: TestApp;
  beforeAll(async () => {
    oneHop = await createTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' });
    listed = await createTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '127.0.0.0/8,10.1.0.0/16' });
  });
  afterAll(async () => {
    await oneHop.close();
    await listed.close();
  });

  const signUpVia = (t: TestApp, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newUserBody(),
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('true: the address the proxy appended counts, whatever the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) statuses.push((await signUpVia(oneHop, `10.8.${n}.1, 203.0.113.9`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Someone else behind the same proxy still has her own budget.
    const neighbour = await signUpVia(oneHop, '203.0.113.10');
    expect(neighbour.statusCode, neighbour.body).toBe(201);
  });

  it('a list: entries appended by listed proxies are skipped, the first unlisted one from the right is the client', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      statuses.push((await signUpVia(listed, `10.8.${n}.1, 198.51.100.4, 10.1.0.7`)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});
