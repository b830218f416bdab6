import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/harness';
import { CURRENT_PASSWORD_FAILURES } from './account-security';

/** Wrong current passwords are limited per account (each one costs a full scrypt). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Secret_123';

describe('wrong current password', () => {
  it(`answers 429 with Retry-After after ${CURRENT_PASSWORD_FAILURES} wrong tries in 15 minutes, over change and delete`, async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < CURRENT_PASSWORD_FAILURES; i++) {
      const wrong =
        i % 2
          ? await ana.request('DELETE', '/api/account', { password: `Wrong_${i}_pass` })
          : await ana.request('POST', '/api/account/password', {
              currentPassword: `Wrong_${i}_pass`,
              newPassword: 'Brand_new_2_x',
            });
      statuses.push(wrong.statusCode);
    }
    expect(statuses).toEqual(Array(CURRENT_PASSWORD_FAILURES).fill(403));
    for (const attempt of [
      () => ana.request('POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'Brand_new_2_x' }),
      () => ana.request('DELETE', '/api/account', { password: PASSWORD }),
    ]) {
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
    }
    // Her account is still there and her login works: the limit is on the sensitive change only.
    expect((await ana.request('GET', '/api/auth/me')).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: ana.user.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    // Another member is not affected.
    const other = await bea.request('POST', '/api/account/password', {
      currentPassword: 'Wrong_pass_9',
      newPassword: 'Brand_new_2_x',
    });
    expect(other.statusCode).toBe(403);
  });

  it('counts parallel wrong tries: at most the budget is hashed', async () => {
    const cleo = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => cleo.request('DELETE', '/api/account', { password: `Guess_${i}_pw` })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 403)).toHaveLength(CURRENT_PASSWORD_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - CURRENT_PASSWORD_FAILURES);
  });
});
