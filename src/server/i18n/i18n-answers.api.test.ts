import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Preferences, UpdatePreferencesBody } from '../../contract/preferences';
import { CARDS, confirm, details, startSubscription } from '../test/billing';
import { createTestApp, newUserBody, signUp, type Client, type TestApp } from '../test/harness';
import { premiumMember } from '../test/members';

/*
 * What the server says when a request works, and the messages beside a form's fields, in the caller's
 * language: her saved language when signed in, else the browser's, else English. The web app shows
 * these sentences as they come.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SPANISH = { 'accept-language': 'es' };

async function saveLanguage(client: Client, language: 'en' | 'es'): Promise<void> {
  const current = (await client.request('GET', `/api/users/${client.user.id}/preferences`)).json<Preferences>();
  const body: UpdatePreferencesBody = {
    ...current,
    ageRange: [Math.min(current.ageRange[0], 65), Math.min(current.ageRange[1], 65)],
    app: { theme: current.app.theme, language, units: current.app.units },
  };
  expect((await client.request('PUT', `/api/users/${client.user.id}/preferences`, body)).statusCode).toBe(200);
}

describe('ghost mode’s answer', () => {
  it('is Spanish for a Spanish member and English for an English one', async () => {
    const sofia = await premiumMember(t);
    await saveLanguage(sofia, 'es');
    const url = `/api/users/${sofia.user.id}/ghost-mode`;
    expect((await sofia.request('POST', url, { ghostMode: true })).json()).toEqual({
      ghostMode: true,
      message: 'Eres invisible: no aparecerás en Descubrir ni tendrás nuevos matches',
    });
    expect((await sofia.request('POST', url, { ghostMode: false })).json()).toEqual({
      ghostMode: false,
      message: 'Vuelves a ser visible en Descubrir',
    });

    const jo = await premiumMember(t);
    const joUrl = `/api/users/${jo.user.id}/ghost-mode`;
    expect((await jo.request('POST', joUrl, { ghostMode: true })).json().message).toBe(
      "You're invisible: you won't appear in discovery or get new matches",
    );
    expect((await jo.request('POST', joUrl, { ghostMode: false })).json().message).toBe(
      "You're visible in discovery again",
    );
  });
});

describe('SMS settings’ answers', () => {
  it('say what changed in her language, the number masked', async () => {
    const sofia = await signUp(t.app);
    await saveLanguage(sofia, 'es');
    const url = `/api/users/${sofia.user.id}/sms-settings`;
    const sent = await sofia.request('PUT', url, { phoneNumber: '(503) 555-0181', smsNotifications: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toMatch(
      /^Enviamos un código de 6 dígitos al .*0181\. Escríbelo para activar las notificaciones por SMS\.$/,
    );
    expect(sent.json().message).not.toContain('555-0181');
    const off = await sofia.request('PUT', url, { smsNotifications: false });
    expect(off.json().message).toBe('Las notificaciones por SMS están desactivadas.');
    const missing = await sofia.request('PUT', url, { phoneNumber: '', smsNotifications: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: 'phoneNumber', message: 'Escribe tu número de teléfono para activar las notificaciones por SMS' },
    ]);

    const jo = await signUp(t.app);
    const joUrl = `/api/users/${jo.user.id}/sms-settings`;
    const joSent = await jo.request('PUT', joUrl, { phoneNumber: '(503) 555-0182', smsNotifications: true });
    expect(joSent.json().message).toMatch(
      /^We sent a 6-digit code to .*0182\. Enter it to turn on SMS notifications\.$/,
    );
    expect((await jo.request('PUT', joUrl, { smsNotifications: false })).json().message).toBe(
      'SMS notifications are off.',
    );
  });
});

describe('account answers', () => {
  it('says a changed password in her language, and a wrong current one beside its field', async () => {
    const sofia = await signUp(t.app);
    await saveLanguage(sofia, 'es');
    const wrong = await sofia.request('POST', '/api/account/password', {
      currentPassword: 'Not_her_password_1',
      newPassword: 'Kettle_Orchid_77',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      errors: [{ path: 'currentPassword', message: 'Esa contraseña no es correcta' }],
    });
    const changed = await sofia.request('POST', '/api/account/password', {
      currentPassword: 'Secret_123',
      newPassword: 'Kettle_Orchid_77',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      ok: true,
      message: 'Contraseña cambiada. Se cerró tu sesión en todos los demás dispositivos.',
    });

    const jo = await signUp(t.app);
    const joWrong = await jo.request('POST', '/api/account/password', {
      currentPassword: 'Not_her_password_1',
      newPassword: 'Kettle_Orchid_77',
    });
    expect(joWrong.json().errors).toEqual([{ path: 'currentPassword', message: 'That password is not right' }]);
    const joChanged = await jo.request('POST', '/api/account/password', {
      currentPassword: 'Secret_123',
      newPassword: 'Kettle_Orchid_77',
    });
    expect(joChanged.json().message).toBe('Password changed. You were signed out everywhere else.');
  });

  it('says goodbye at log-out in her saved language, read before her session ends', async () => {
    const sofia = await signUp(t.app);
    await saveLanguage(sofia, 'es');
    const out = await sofia.request('POST', '/api/auth/logout');
    expect(out.json()).toEqual({ ok: true, message: 'Has cerrado sesión' });
  });

  it('explains a weak password in Spanish with zxcvbn’s Spanish feedback, in English without', async () => {
    const body = () => newUserBody({ password: 'Password1' });
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body(),
      headers: SPANISH,
    });
    expect(spanish.statusCode, spanish.body).toBe(400);
    expect(spanish.json().message).toBe('Elige una contraseña más segura');
    const [field] = spanish.json().errors as { path: string; message: string }[];
    expect(field?.path).toBe('password');
    // The Spanish package's "Es de las contraseñas más usadas." and a suggestion, never an English word.
    expect(field?.message).toMatch(/contraseñas? .*usad/i);
    expect(field?.message).not.toMatch(/\b(the|password|common|add)\b/i);

    const english = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body() });
    expect(english.json().errors[0].message).toMatch(/common|guess/i);
  });
});

describe('travel mode’s field message', () => {
  it('names the longest trip beside the end date, in Spanish', async () => {
    const sofia = await premiumMember(t);
    const until = new Date(Date.now() + 400 * 24 * 60 * 60_000).toISOString();
    const answer = await sofia.request(
      'PUT',
      '/api/discovery/travel',
      { location: 'Santa Fe, New Mexico', until },
      SPANISH,
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({
      message: expect.stringMatching(/^Un viaje dura como máximo 14 días$/),
      errors: [{ path: 'until', message: expect.stringMatching(/^Elige un final dentro de los próximos 14 días$/) }],
    });
  });
});

describe('payment history', () => {
  it('names the plan and why a charge failed in her language', async () => {
    const sofia = await signUp(t.app);
    await saveLanguage(sofia, 'es');
    const declined = await confirm(sofia, await startSubscription(sofia), CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Tu tarjeta fue rechazada.', code: 'PAYMENT_FAILED' });
    expect((await details(sofia)).payments[0]).toMatchObject({
      status: 'failed',
      description: 'Plan Mensual',
      failureMessage: 'Tu tarjeta fue rechazada.',
    });

    const jo = await signUp(t.app);
    await confirm(jo, await startSubscription(jo, 'annual'), CARDS.insufficientFunds);
    expect((await details(jo)).payments[0]).toMatchObject({
      description: 'Annual plan',
      failureMessage: 'Your card has insufficient funds.',
    });
  });
});

describe('an API path no route has', () => {
  it('is answered in the caller’s language, the route named for developers', async () => {
    const spanish = await t.app.inject({ method: 'POST', url: '/api/nothing-here?x=1', headers: SPANISH });
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toEqual({ message: 'No existe la ruta POST /api/nothing-here', code: 'NOT_FOUND' });
    const english = await t.app.inject({ method: 'POST', url: '/api/nothing-here' });
    expect(english.json()).toEqual({ message: 'No route for POST /api/nothing-here', code: 'NOT_FOUND' });
  });
});
