import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema/auth';
import { createTestApp, newUserBody, signUp, type TestApp } from '../../test/harness';
import { passwordWeakness } from './password-strength';

/** `Password1` used to pass the rules; passwords are now scored with zxcvbn-ts. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WEAK = ['Password1', 'Qwerty123', 'Iloveyou1'];

describe('password strength', () => {
  it('scores with the common-password dictionaries and says why', async () => {
    for (const weak of WEAK) {
      const why = await passwordWeakness(weak);
      expect(why?.en, weak).toMatch(/common|guess/i);
      // The same feedback in Spanish, from zxcvbn-ts's Spanish package.
      expect(why?.es, weak).toMatch(/contraseña/);
    }
    expect(await passwordWeakness('Kettle_Orchid_77')).toBeUndefined();
    // Her own name or username in it counts against it.
    expect(await passwordWeakness('Marguerite2026', ['marguerite'])).toBeDefined();
  });

  it('refuses a weak password at sign-up with a 400 that names the field and the reason', async () => {
    for (const password of WEAK) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: newUserBody({ password }),
      });
      expect(answer.statusCode, password).toBe(400);
      const error = answer.json<{ errors: { path: string; message: string }[] }>().errors[0];
      expect(error?.path).toBe('password');
      expect(error?.message).toMatch(/common|guess/i);
    }
  });

  it('refuses a weak new password on change, leaving the old one', async () => {
    const ana = await signUp(t.app);
    const answer = await ana.request('POST', '/api/account/password', {
      currentPassword: 'Secret_123',
      newPassword: 'Password1',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0].path).toBe('newPassword');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: ana.user.username, password: 'Secret_123' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a weak new password on reset without spending the link', async () => {
    const bea = await signUp(t.app);
    const token = randomBytes(32).toString('base64url');
    await t.database.db.insert(passwordResets).values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: bea.user.id,
      expiresAt: new Date(Date.now() + 600_000),
    });
    const confirm = (newPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword } });
    const weak = await confirm('Password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ path: 'newPassword' });
    expect((await confirm('Kettle_Orchid_77')).statusCode).toBe(200);
  });
});
