import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Preferences } from '../../contract/preferences';
import { REPORT_REASONS } from '../../contract/safety';
import { memberLanguages } from '../features/preferences';
import { messagesOf } from '.';
import { createTestApp, deliveredMail, newUserBody, signUp, type Client, type TestApp } from '../test/harness';
import { saveLanguage } from '../test/members';
import { smsOutbox } from '../test/tables';

/*
 * The server's words in her language (decision 0023): API error messages of the auth routes by the request's
 * language (saved setting > Accept-Language > English), the reset mail in the recipient's saved language.
 * `code`s never change with the language.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers });

async function withVerifiedEmail(client: Client, email: string): Promise<void> {
  await client.request('POST', '/api/account/email', { email, currentPassword: 'Secret_123' });
  const [mail] = await deliveredMail(t);
  const code = /code to confirm this email on Steep is (\d{6})/.exec(mail ?? '')?.[1];
  expect((await client.request('POST', '/api/account/email/verify', { code })).statusCode).toBe(200);
}

describe('sign-up errors in the visitor’s language', () => {
  it('answers a zod validation error in Spanish for Accept-Language: es, in English without', async () => {
    const body = newUserBody({ password: 'abcdef_1' });
    const spanish = await register(body, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toEqual({
      message: 'Hay algunos datos que revisar.',
      code: 'VALIDATION_ERROR',
      errors: [{ path: 'password', message: 'La contraseña debe tener al menos una mayúscula' }],
    });

    const english = await register(body);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      message: 'Some details need another look.',
      code: 'VALIDATION_ERROR',
      errors: [{ path: 'password', message: 'Password must contain at least one uppercase letter' }],
    });
  });

  it('answers a service error (a taken username) in Spanish, the code unchanged', async () => {
    const taken = await signUp(t.app);
    const body = newUserBody({ username: taken.user.username });
    const spanish = await register(body, { 'accept-language': 'es' });
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json()).toEqual({
      message: 'Ese nombre de usuario ya está en uso',
      code: 'CONFLICT',
      errors: [{ path: 'username', message: 'Este nombre de usuario ya está en uso' }],
    });
    expect((await register(body, { 'accept-language': 'fr-FR, de;q=0.8' })).json()).toMatchObject({
      message: 'Username already taken',
      code: 'CONFLICT',
    });
  });

  it('answers a wrong log-in in Spanish', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody_here', password: 'Wrong_123' },
      headers: { 'accept-language': 'es-ES' },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({
      message: 'Nombre de usuario o contraseña incorrectos',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('prefers her saved language to the browser’s once she is signed in', async () => {
    const ana = await signUp(t.app);
    await saveLanguage(ana, 'es');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newUserBody({ age: 17 }),
      headers: { cookie: ana.cookie, 'accept-language': 'en-US' },
    });
    expect(answer.json()).toMatchObject({
      message: 'Hay algunos datos que revisar.',
      errors: [{ path: 'age', message: 'Necesitas tener al menos 18 años' }],
    });
  });
});

describe('a new member’s language', () => {
  it('is the one she signed up in', async () => {
    const response = await register(newUserBody(), { 'accept-language': 'es-ES' });
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: string }>().id;
    const cookie = response.cookies.find((c) => c.name === 'steep_session');
    const prefs = await t.app.inject({
      method: 'GET',
      url: `/api/users/${id}/preferences`,
      headers: { cookie: `steep_session=${cookie?.value ?? ''}` },
    });
    expect(prefs.json<Preferences>().app.language).toBe('es');
  });

  it('comes with the units the sign-up form guessed from her browser’s region; miles when it sent none', async () => {
    const appOf = async (response: Awaited<ReturnType<typeof register>>) => {
      expect(response.statusCode, response.body).toBe(201);
      const cookie = response.cookies.find((c) => c.name === 'steep_session');
      const prefs = await t.app.inject({
        method: 'GET',
        url: `/api/users/${response.json<{ id: string }>().id}/preferences`,
        headers: { cookie: `steep_session=${cookie?.value ?? ''}` },
      });
      return prefs.json<Preferences>().app;
    };
    expect(
      await appOf(await register({ ...newUserBody(), units: 'metric' }, { 'accept-language': 'es' })),
    ).toMatchObject({ language: 'es', units: 'metric' });
    expect(await appOf(await register({ ...newUserBody(), units: 'metric' }))).toMatchObject({
      language: 'en',
      units: 'metric',
    });
    expect(await appOf(await register(newUserBody(), { 'accept-language': 'es' }))).toMatchObject({
      language: 'es',
      units: 'imperial',
    });
    const refused = await register({ ...newUserBody(), units: 'furlongs' }, { 'accept-language': 'es' });
    expect(refused.json()).toMatchObject({
      errors: [{ path: 'units', message: 'Las unidades deben ser: imperial o metric' }],
    });
  });
});

describe('the password-reset mail in the recipient’s language', () => {
  it('is Spanish for a member whose language is Spanish and English for another, whoever asks', async () => {
    const sofia = await signUp(t.app);
    await withVerifiedEmail(sofia, `sofia-${sofia.user.id.slice(0, 8)}@example.com`);
    await saveLanguage(sofia, 'es');
    const jo = await signUp(t.app);
    await withVerifiedEmail(jo, `jo-${jo.user.id.slice(0, 8)}@example.com`);

    // The asker's browser language changes the answer's words, never the mail's.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { login: sofia.user.username },
      headers: { 'accept-language': 'en' },
    });
    expect(asked.json()).toMatchObject({ ok: true, message: expect.stringMatching(/^If that account/) });
    const [spanish] = await deliveredMail(t);
    expect(spanish).toContain('Subject: Restablece tu contraseña de Steep');
    expect(spanish).toContain(`Hola, ${sofia.user.name}:`);
    expect(spanish).toMatch(/reset-password\?token=[A-Za-z0-9_-]+/);

    const askedInSpanish = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { login: jo.user.username },
      headers: { 'accept-language': 'es' },
    });
    expect(askedInSpanish.json()).toMatchObject({ ok: true, message: expect.stringMatching(/^Si esa cuenta/) });
    const [english] = await deliveredMail(t);
    expect(english).toContain('Subject: Reset your Steep password');
    expect(english).toContain(`Hi ${jo.user.name},`);
  });
});

describe('API errors in her saved language', () => {
  it('answers a signed-in member in Spanish whatever her browser says, another in English; codes unchanged', async () => {
    const sofia = await signUp(t.app);
    await saveLanguage(sofia, 'es');
    const jo = await signUp(t.app);
    const missing = '00000000-0000-4000-8000-000000000000';

    const spanish = await sofia.request('DELETE', `/api/matches/${missing}`, undefined, { 'accept-language': 'en' });
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toEqual({ message: 'No encontramos el match', code: 'NOT_FOUND' });
    const english = await jo.request('DELETE', `/api/matches/${missing}`);
    expect(english.json()).toEqual({ message: 'Match not found', code: 'NOT_FOUND' });

    // A field error and a contract zod sentence beyond auth (the story body), in Spanish.
    const travel = await sofia.request('PUT', `/api/users/${sofia.user.id}/sms-settings`, {
      phoneNumber: 'call me',
      smsNotifications: true,
    });
    expect(travel.statusCode).toBe(400);
    expect(travel.json()).toMatchObject({
      message: 'Escribe un número de teléfono válido',
      errors: [{ path: 'phoneNumber', message: 'Escribe un número de teléfono válido, p. ej. (503) 555-0123' }],
    });
  });
});

describe('texts and mail to a member in her language', () => {
  const outboxOf = (c: Client) => t.database.db.select().from(smsOutbox).where(eq(smsOutbox.userId, c.user.id));

  it('sends the SMS code in Spanish to a Spanish member and in English to another', async () => {
    const sofia = await signUp(t.app);
    await saveLanguage(sofia, 'es');
    const saved = await sofia.request('PUT', `/api/users/${sofia.user.id}/sms-settings`, {
      phoneNumber: '(503) 555-0177',
      smsNotifications: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [spanish] = await outboxOf(sofia);
    expect(spanish?.body).toMatch(/^Tu código de Steep es \d{6}\. Caduca en 10 minutos\.$/);

    const jo = await signUp(t.app);
    await jo.request('PUT', `/api/users/${jo.user.id}/sms-settings`, {
      phoneNumber: '(503) 555-0178',
      smsNotifications: true,
    });
    const [english] = await outboxOf(jo);
    expect(english?.body).toMatch(/^Your Steep code is \d{6}\. It expires in 10 minutes\.$/);
  });

  it('sends the email confirmation code in her language', async () => {
    const sofia = await signUp(t.app);
    await saveLanguage(sofia, 'es');
    await sofia.request('POST', '/api/account/email', {
      email: `sofia-code-${sofia.user.id.slice(0, 8)}@example.com`,
      currentPassword: 'Secret_123',
    });
    const [mail] = await deliveredMail(t);
    expect(mail).toContain('Subject: Tu código de Steep:');
    expect(mail).toMatch(/Tu código para confirmar este correo en Steep es \d{6}\./);
  });

  it('writes in-app notices in each member’s language', async () => {
    const sofia = await signUp(t.app);
    await saveLanguage(sofia, 'es');
    const jo = await signUp(t.app);
    for (const member of [sofia, jo]) {
      await member.request('POST', `/api/grant-test-subscription/${member.user.id}`);
      await member.request('POST', `/api/users/${member.user.id}/check-achievements`);
    }
    await t.app.events.drain();
    const titles = async (member: Client) =>
      (await member.request('GET', '/api/notifications/notices'))
        .json<{ notices: { kind: string; title: string; body: string }[] }>()
        .notices.filter((n) => n.kind === 'badge_earned');
    expect(await titles(sofia)).toContainEqual(
      expect.objectContaining({ title: 'Insignia conseguida: Miembro Premium', body: 'Apoya a Steep con Premium' }),
    );
    expect(await titles(jo)).toContainEqual(expect.objectContaining({ title: 'Badge earned: Premium Member' }));
  });

  it('writes one notice to several members of mixed languages, each in hers', async () => {
    const host = await signUp(t.app, { location: 'Portland, Oregon' });
    const attendees = [] as { member: Client; language: 'en' | 'es' }[];
    for (const language of ['es', 'en', 'es', 'en'] as const) {
      const member = await signUp(t.app, { location: 'Portland, Oregon' });
      await saveLanguage(member, language);
      attendees.push({ member, language });
    }
    const created = await host.request('POST', '/api/events', {
      title: 'Matcha at dusk',
      description: 'Slow tea and good talk',
      location: 'Portland, Oregon',
      venue: 'Tea Chai Té, NW 23rd',
      eventDate: new Date(Date.now() + 48 * 60 * 60_000).toISOString(),
      maxAttendees: 10,
      teaType: 'Matcha',
    });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json<{ id: string }>().id;
    for (const { member } of attendees) {
      expect((await member.request('POST', `/api/events/${eventId}/join`, {})).statusCode).toBe(200);
    }
    expect((await host.request('DELETE', `/api/events/${eventId}`)).statusCode).toBe(200);
    await t.app.events.drain();
    for (const { member, language } of attendees) {
      const notices = (await member.request('GET', '/api/notifications/notices'))
        .json<{ notices: { kind: string; title: string; body: string }[] }>()
        .notices.filter((n) => n.kind === 'event_cancelled');
      expect(notices, `${member.user.id} (${language})`).toEqual([
        expect.objectContaining({
          title: language === 'es' ? 'Quedada cancelada' : 'Meetup cancelled',
          body: expect.stringMatching(
            language === 'es' ? /^Quien organizaba canceló «Matcha at dusk»/ : /^The host cancelled “Matcha at dusk”/,
          ),
        }),
      ]);
    }
  });

  it('looks up several members’ languages at once, English for one who saved none', async () => {
    const [sofia, jo] = [await signUp(t.app), await signUp(t.app)];
    await saveLanguage(sofia, 'es');
    await saveLanguage(jo, 'en');
    const stranger = randomUUID();
    const languages = await memberLanguages(t.database.db, [jo.user.id, sofia.user.id, stranger, sofia.user.id]);
    expect([...languages]).toEqual([
      [jo.user.id, 'en'],
      [sofia.user.id, 'es'],
      [stranger, 'en'],
    ]);
    expect(await memberLanguages(t.database.db, [])).toEqual(new Map());
  });

  it('names the broken rule of a warning in the contract’s words', () => {
    for (const reason of REPORT_REASONS) {
      expect(messagesOf('en').noticeWarning({ rule: reason.value }).body).toContain(`"${reason.label}"`);
      expect(messagesOf('es').noticeWarning({ rule: reason.value }).body).not.toContain(reason.value);
    }
  });
});
