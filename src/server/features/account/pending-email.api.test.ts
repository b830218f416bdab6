import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CODE_MAX_ATTEMPTS, type AccountExport, type EmailStatus } from '../../../contract/account';
import type { SelfUser } from '../../../contract/users';
import { emailCodes, jobs, users } from '../../test/tables';
import { createTestApp, deliveredMail, signUp, type Client, type TestApp } from '../../test/harness';
import { createMatch } from '../../test/matches';
import { saveLanguage } from '../../test/members';

/**
 * Changing a confirmed email (product §Email): the new address waits, pending, for its code while the confirmed
 * one stays hers for reset links and notices; her old address is told; the pending address is hers alone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Secret_123';

const mailTo = (mails: string[], address: string) => mails.filter((m) => m.includes(`To: ${address}\n`));
const codeIn = (mail: string | undefined) =>
  /(?:code to confirm this email on Steep is|Tu código para confirmar este correo en Steep es) (\d{6})/.exec(
    mail ?? '',
  )?.[1];

const askFor = (client: Client, email: string, currentPassword = PASSWORD) =>
  client.request('POST', '/api/account/email', { email, currentPassword });

/** Asks for `address` and returns the code mailed to it (and every mail that went out). */
async function ask(client: Client, address: string): Promise<{ code: string; mails: string[]; answer: EmailStatus }> {
  const response = await askFor(client, address);
  expect(response.statusCode, response.body).toBe(202);
  const mails = await deliveredMail(t);
  const code = codeIn(mailTo(mails, address)[0]);
  expect(code, `a code mailed to ${address}`).toBeDefined();
  return { code: code as string, mails, answer: response.json<EmailStatus>() };
}

const verify = (client: Client, code: string, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/account/email/verify', { code }, headers);

async function memberWithConfirmedEmail(local: string): Promise<{ client: Client; email: string }> {
  const client = await signUp(t.app);
  const email = `${local}-${client.user.id.slice(0, 8)}@example.com`;
  const { code } = await ask(client, email);
  expect((await verify(client, code)).statusCode).toBe(200);
  return { client, email };
}

const me = async (client: Client) => (await client.request('GET', '/api/auth/me')).json<SelfUser>();

/** The reset mails a request for `login` leads to. */
async function resetMailsFor(login: string): Promise<string[]> {
  const asked = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { login } });
  expect(asked.statusCode).toBe(202);
  return (await deliveredMail(t)).filter((m) => m.includes('reset-password?token='));
}

describe('changing a confirmed email', () => {
  it('keeps the confirmed address (reset links still reach it) until the new one is confirmed, then swaps', async () => {
    const { client: ana, email: old } = await memberWithConfirmedEmail('ana');
    const next = `nova-${ana.user.id.slice(0, 8)}@example.com`;

    const { code, mails, answer } = await ask(ana, next);
    expect(answer).toEqual({
      email: old,
      verified: true,
      pendingEmail: next,
      message: `We sent a 6-digit code to ${next}. Your email stays ${old} until you confirm it.`,
    });
    expect(await me(ana)).toMatchObject({ email: old, emailVerified: true, pendingEmail: next });

    // Her old address is told, the new one masked; the code went only to the new one.
    const [notice, ...moreNotices] = mailTo(mails, old);
    expect(moreNotices).toHaveLength(0);
    expect(notice).toContain('Subject: Someone asked to change your Steep email');
    expect(notice).toContain(`to n•••@example.com`);
    expect(notice).toContain('change your password');
    expect(notice).not.toContain(next);
    expect(notice).not.toMatch(/\b\d{6}\b/);
    expect(mails).toHaveLength(2);

    // Password reset still goes by, and to, the confirmed address; the pending one names no account yet.
    const byOld = await resetMailsFor(old);
    expect(byOld).toHaveLength(1);
    expect(byOld[0]).toContain(`To: ${old}\n`);
    const byUsername = await resetMailsFor(ana.user.username);
    expect(byUsername[0]).toContain(`To: ${old}\n`);
    expect(await resetMailsFor(next)).toHaveLength(0);

    // "Send a new code" to the same pending address: a new code, no second notice to the old address.
    const resent = await ana.request('POST', '/api/account/email/code');
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toEqual(answer);
    const again = { mails: await deliveredMail(t) };
    expect(again.mails).toHaveLength(1);
    expect(mailTo(again.mails, old)).toHaveLength(0);
    const againCode = codeIn(mailTo(again.mails, next)[0]) as string;

    const confirmed = await verify(ana, againCode);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      email: next,
      verified: true,
      pendingEmail: null,
      message: `Confirmed: your email is now ${next}.`,
    });
    expect(await me(ana)).toMatchObject({ email: next, emailVerified: true, pendingEmail: null });
    // Her old address is told the change happened (the new address masked) and what to do if it was not her.
    const afterChange = await deliveredMail(t);
    expect(afterChange).toHaveLength(1);
    const [changed] = mailTo(afterChange, old);
    expect(changed).toContain('Subject: Your Steep email was changed');
    expect(changed).toContain(`account ${ana.user.username} was changed to n•••@example.com`);
    expect(changed).toContain("If this wasn't you, log in and change your password now");
    expect(changed).toContain('Safety Center');
    expect(changed).not.toContain(next);
    expect(await resetMailsFor(old)).toHaveLength(0);
    expect((await resetMailsFor(next))[0]).toContain(`To: ${next}\n`);
    // The first code was replaced before it could be used, and now nothing is pending: said so (409), never
    // "verified", which a screen that is behind would show for any code.
    const late = await verify(ana, code);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'NOTHING_TO_CONFIRM',
      message: `No address is waiting for a code: your email ${next} is already confirmed.`,
    });
  });

  it('can be cancelled: the confirmed address stays and the code sent to the new one confirms nothing', async () => {
    const { client: bea, email: old } = await memberWithConfirmedEmail('bea');
    const next = `bea-new-${bea.user.id.slice(0, 8)}@example.com`;
    const { code } = await ask(bea, next);

    const cancelled = await bea.request('DELETE', '/api/account/email/pending');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({
      email: old,
      verified: true,
      pendingEmail: null,
      message: `Change cancelled. Your email stays ${old}.`,
    });
    expect(await me(bea)).toMatchObject({ email: old, emailVerified: true, pendingEmail: null });
    expect(await t.database.db.select().from(emailCodes).where(eq(emailCodes.userId, bea.user.id))).toHaveLength(0);
    const stale = await verify(bea, code);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'NOTHING_TO_CONFIRM' });
    expect(await me(bea)).toMatchObject({ email: old });

    // Nothing left to cancel: said so, nothing changes.
    const twice = await bea.request('DELETE', '/api/account/email/pending');
    expect(twice.json()).toMatchObject({ email: old, pendingEmail: null, message: 'No email change is waiting' });
  });

  it('is cancelled by asking for her confirmed address again', async () => {
    const { client: cy, email: old } = await memberWithConfirmedEmail('cy');
    await ask(cy, `cy-other-${cy.user.id.slice(0, 8)}@example.com`);
    const back = await askFor(cy, old.toUpperCase());
    expect(back.statusCode).toBe(202);
    expect(back.json()).toEqual({
      email: old,
      verified: true,
      pendingEmail: null,
      message: `${old} is already your email: the change to another address is cancelled.`,
    });
    expect(await me(cy)).toMatchObject({ email: old, emailVerified: true, pendingEmail: null });
    expect(await deliveredMail(t)).toHaveLength(0);
  });

  it('replaces the pending address when she asks for another: the old code says it was replaced', async () => {
    const { client: di, email: old } = await memberWithConfirmedEmail('di');
    const typo = `di-typo-${di.user.id.slice(0, 8)}@exmaple.com`;
    const right = `di-right-${di.user.id.slice(0, 8)}@example.com`;
    const first = await ask(di, typo);
    const second = await ask(di, right);
    // Each new address asked for is a new notice to the old one.
    expect(mailTo(second.mails, old)).toHaveLength(1);
    expect(mailTo(second.mails, old)[0]).toContain('d•••@example.com');
    expect(await me(di)).toMatchObject({ email: old, pendingEmail: right });

    if (first.code !== second.code) {
      const replaced = await verify(di, first.code);
      expect(replaced.statusCode).toBe(400);
      expect(replaced.json()).toMatchObject({
        message: 'That code was replaced by a newer one — use the latest email',
        errors: [{ path: 'code', message: 'That code was replaced by a newer one — use the latest email' }],
      });
      const spanish = await verify(di, first.code, { 'accept-language': 'es' });
      expect(spanish.json()).toMatchObject({
        message: 'Ese código se sustituyó por uno más reciente: usa el último correo',
      });
    }
    const wrong = await verify(di, second.code === '000000' ? '111111' : '000000');
    expect(wrong.json()).toMatchObject({
      message: expect.stringMatching(/^That code is not right\. \d tries? left\.$/),
    });

    expect((await verify(di, second.code)).statusCode).toBe(200);
    expect(await me(di)).toMatchObject({ email: right, emailVerified: true, pendingEmail: null });
  });

  it('says an expired code has expired, even the right one, and keeps the change pending for a new code', async () => {
    const { client: eve, email: old } = await memberWithConfirmedEmail('eve');
    const next = `eve-new-${eve.user.id.slice(0, 8)}@example.com`;
    const { code } = await ask(eve, next);
    await t.database.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.userId, eve.user.id));
    for (const given of [code, code === '000000' ? '111111' : '000000']) {
      const expired = await verify(eve, given);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({
        message: 'That code has expired',
        code: 'NEW_CODE_NEEDED',
        errors: [{ path: 'code', message: 'That code has expired: ask for a new one' }],
      });
    }
    expect(await me(eve)).toMatchObject({ email: old, emailVerified: true, pendingEmail: next });
    const fresh = await ask(eve, next);
    expect((await verify(eve, fresh.code)).statusCode).toBe(200);
    expect(await me(eve)).toMatchObject({ email: next, pendingEmail: null });
  });

  it(`stops after ${EMAIL_CODE_MAX_ATTEMPTS} wrong codes, even the right one, until she asks for a new code`, async () => {
    const { client: fay } = await memberWithConfirmedEmail('fay');
    const next = `fay-new-${fay.user.id.slice(0, 8)}@example.com`;
    const { code } = await ask(fay, next);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let left = EMAIL_CODE_MAX_ATTEMPTS - 1; left > 0; left--) {
      const said = `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
      expect((await verify(fay, wrongCode)).json()).toMatchObject({
        message: said,
        errors: [{ path: 'code', message: said }],
      });
    }
    // The last wrong guess says what to do next rather than "0 tries left".
    expect((await verify(fay, wrongCode)).json()).toMatchObject({
      message: 'Too many wrong codes',
      code: 'NEW_CODE_NEEDED',
      errors: [{ path: 'code', message: 'Too many wrong codes: ask for a new one' }],
    });
    expect((await verify(fay, wrongCode, { 'accept-language': 'es' })).json()).toMatchObject({
      message: 'Demasiados códigos incorrectos',
    });
    const blocked = await verify(fay, code);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toMatchObject({
      message: 'Too many wrong codes',
      code: 'NEW_CODE_NEEDED',
      errors: [{ path: 'code', message: 'Too many wrong codes: ask for a new one' }],
    });
    expect(await me(fay)).toMatchObject({ pendingEmail: next });
  });
});

describe('the notice to her old address once the change is confirmed', () => {
  it('is in her saved language, and only the change itself sends it (not the request, nor a cancel)', async () => {
    const { client: vi, email: old } = await memberWithConfirmedEmail('vi');
    await saveLanguage(vi, 'es');
    const next = `vi-nueva-${vi.user.id.slice(0, 8)}@example.com`;
    const cancelled = await ask(vi, `vi-otra-${vi.user.id.slice(0, 8)}@example.com`);
    expect(mailTo(cancelled.mails, old).map((m) => /Subject: (.*)/.exec(m)?.[1])).toEqual([
      'Alguien pidió cambiar tu correo de Steep',
    ]);
    expect((await vi.request('DELETE', '/api/account/email/pending')).statusCode).toBe(200);
    expect(await deliveredMail(t)).toHaveLength(0);

    const { code } = await ask(vi, next);
    const confirmed = await verify(vi, code, { 'accept-language': 'es' });
    expect(confirmed.json()).toMatchObject({ message: `Confirmado: tu correo ahora es ${next}.` });
    const [notice, ...more] = await deliveredMail(t);
    expect(more).toHaveLength(0);
    expect(notice).toContain(`To: ${old}\n`);
    expect(notice).toContain('Subject: Se cambió tu correo de Steep');
    expect(notice).toContain(`se cambió a v•••@example.com`);
    expect(notice).toContain('Centro de seguridad');
  });
});

describe('an address another member has', () => {
  it('answers a request exactly as for any other address, and reports the conflict only at confirm time', async () => {
    const { client: owner, email: owned } = await memberWithConfirmedEmail('owner');
    const { client: gia, email: old } = await memberWithConfirmedEmail('gia');
    const { client: hal } = await memberWithConfirmedEmail('hal');
    const free = `free-${hal.user.id.slice(0, 8)}@example.com`;

    const taken = await askFor(gia, owned);
    const open = await askFor(hal, free);
    expect(taken.statusCode).toBe(open.statusCode);
    const shape = (body: EmailStatus) => ({
      ...body,
      email: 'OLD',
      pendingEmail: 'NEW',
      message: body.message.replace(body.pendingEmail ?? '', 'NEW').replace(body.email ?? '', 'OLD'),
    });
    expect(shape(taken.json())).toEqual(shape(open.json()));
    expect(await me(gia)).toMatchObject({ email: old, emailVerified: true, pendingEmail: owned });
    const mails = await deliveredMail(t);
    // The owner is told someone tried (no code, nobody named); Gia's old address gets her notice as anyone's would.
    const toOwner = mailTo(mails, owned);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toContain('Someone tried to add this email address to another Steep account');
    expect(toOwner[0]).not.toMatch(/\b\d{6}\b/);
    expect(toOwner[0]).not.toContain(gia.user.username);
    expect(mailTo(mails, old)).toHaveLength(1);
    // The owner's account is untouched.
    expect(await me(owner)).toMatchObject({ email: owned, emailVerified: true, pendingEmail: null });
  });

  it('answers 409 when another member confirmed the address meanwhile; her confirmed email stays', async () => {
    const { client: ida, email: old } = await memberWithConfirmedEmail('ida');
    const contested = `contested-${ida.user.id.slice(0, 8)}@example.com`;
    const { code } = await ask(ida, contested);
    // Someone with no confirmed email adds the same address and confirms it first.
    const jo = await signUp(t.app);
    const joCode = (await ask(jo, contested)).code;
    expect((await verify(jo, joCode)).statusCode).toBe(200);

    await deliveredMail(t);
    const conflict = await verify(ida, code);
    expect(conflict.statusCode).toBe(409);
    // Nothing changed, so her old address is told nothing.
    expect(await deliveredMail(t)).toHaveLength(0);
    expect(conflict.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'Another Steep account confirmed that address first, so it cannot be yours here. Your email did not change.',
    });
    expect(await me(ida)).toMatchObject({ email: old, emailVerified: true, pendingEmail: null });
    expect(await me(jo)).toMatchObject({ email: contested, emailVerified: true });
    const owners = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = ${contested} and ${users.emailVerifiedAt} is not null`);
    expect(owners).toEqual([{ id: jo.user.id }]);
  });

  it('a first address another member confirmed meanwhile is removed (409): no code box is left that nothing can satisfy', async () => {
    const xia = await signUp(t.app);
    const contested = `first-${xia.user.id.slice(0, 8)}@example.com`;
    const { code } = await ask(xia, contested);
    const yara = await signUp(t.app);
    expect((await verify(yara, (await ask(yara, contested)).code)).statusCode).toBe(200);

    const conflict = await verify(xia, code);
    expect(conflict.statusCode).toBe(409);
    const message = `Another Steep account confirmed ${contested} first, so it cannot be yours here. Add another address.`;
    expect(conflict.json()).toEqual({ code: 'CONFLICT', message, errors: [{ path: 'email', message }] });
    // Nothing waits any more: no address on her account (so no reminder), no code, nothing to resend.
    expect(await me(xia)).toMatchObject({ email: null, emailVerified: false, pendingEmail: null });
    expect(await t.database.db.select().from(emailCodes).where(eq(emailCodes.userId, xia.user.id))).toHaveLength(0);
    expect((await xia.request('POST', '/api/account/email/code')).json()).toMatchObject({ code: 'NOTHING_TO_CONFIRM' });
    expect(await deliveredMail(t)).toHaveLength(0);
    // Another address works as a first one does.
    const other = `other-${xia.user.id.slice(0, 8)}@example.com`;
    expect((await verify(xia, (await ask(xia, other)).code)).statusCode).toBe(200);
    expect(await me(xia)).toMatchObject({ email: other, emailVerified: true });
    expect(await me(yara)).toMatchObject({ email: contested, emailVerified: true });
  });

  it('two members confirming one address at once: exactly one gets it', async () => {
    const kai = await signUp(t.app);
    const lu = await signUp(t.app);
    const address = `race-${kai.user.id.slice(0, 8)}@example.com`;
    const kaiCode = (await ask(kai, address)).code;
    const luCode = (await ask(lu, address)).code;
    const answers = await Promise.all([verify(kai, kaiCode), verify(lu, luCode)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers[0].statusCode === 409 ? kai : lu;
    expect(await me(loser)).toMatchObject({ email: null, pendingEmail: null });
    const owners = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = ${address} and ${users.emailVerifiedAt} is not null`);
    expect(owners).toHaveLength(1);
  });
});

describe('the pending address is hers alone', () => {
  it('is in her own view and export, never in what another member reads', async () => {
    const { client: mo } = await memberWithConfirmedEmail('mo');
    const pending = `mo-secret-${mo.user.id.slice(0, 8)}@example.com`;
    await ask(mo, pending);
    const nia = await signUp(t.app);
    await createMatch(t.database.db, mo.user.id, nia.user.id);

    const session = await mo.request('GET', '/api/auth/session');
    expect(session.json()).toMatchObject({ user: { pendingEmail: pending } });
    const exported = await mo.request('GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json<AccountExport>().account.pendingEmail).toBe(pending);

    for (const url of [`/api/users/${mo.user.id}`, `/api/matches/${nia.user.id}`]) {
      const seen = await nia.request('GET', url);
      expect(seen.statusCode, url).toBe(200);
      expect(seen.body, url).not.toContain(pending);
      expect(seen.body, url).not.toContain('pendingEmail');
    }
  });

  it('goes with her account, and so does every queued mail naming it', async () => {
    const { client: oli, email: old } = await memberWithConfirmedEmail('oli');
    const pending = `oli-new-${oli.user.id.slice(0, 8)}@example.com`;
    // Queued, not run: the code to the new address and the notice to the old one wait in the queue (the mail
    // that confirmed her old address is there too, done: done jobs keep their payload for a day).
    expect((await askFor(oli, pending)).statusCode).toBe(202);
    const naming = async (address: string) =>
      (
        await t.database.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(sql`${jobs.payload}->>'to' = ${address}`)
      ).length;
    expect(await naming(pending)).toBe(1);
    expect(await naming(old)).toBe(2);

    expect((await oli.request('DELETE', '/api/account', { password: PASSWORD })).statusCode).toBe(200);
    expect(await naming(pending)).toBe(0);
    expect(await naming(old)).toBe(0);
    expect(await t.database.db.select().from(users).where(eq(users.pendingEmail, pending))).toHaveLength(0);
    expect(await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, pending))).toHaveLength(0);
    expect(await deliveredMail(t)).toHaveLength(0);
  });
});

describe('with no confirmed email yet', () => {
  it('sets the address as her email, unverified, as before (nothing pending, no notice)', async () => {
    const pia = await signUp(t.app);
    const first = `pia-${pia.user.id.slice(0, 8)}@example.com`;
    const { answer, mails, code: firstCode } = await ask(pia, first);
    expect(answer).toEqual({
      email: first,
      verified: false,
      pendingEmail: null,
      message: `We sent a 6-digit code to ${first}`,
    });
    expect(mails).toHaveLength(1);
    expect(await me(pia)).toMatchObject({ email: first, emailVerified: false, pendingEmail: null });
    // Another address before confirming: it replaces the first, whose code now says it was replaced.
    const second = `pia-2-${pia.user.id.slice(0, 8)}@example.com`;
    const next = await ask(pia, second);
    if (next.code !== firstCode) {
      expect((await verify(pia, firstCode)).json()).toMatchObject({
        message: 'That code was replaced by a newer one — use the latest email',
      });
    }
    expect((await verify(pia, next.code)).statusCode).toBe(200);
    expect(await me(pia)).toMatchObject({ email: second, emailVerified: true, pendingEmail: null });
    // A first address replaces none: no notice goes anywhere.
    expect(await deliveredMail(t)).toHaveLength(0);
  });
});

describe('her current password', () => {
  const jobCount = async () => (await t.database.db.select({ id: jobs.id }).from(jobs)).length;

  it('is needed to change her email: a wrong one changes nothing, stores no code and mails nobody', async () => {
    const { client: qi, email: old } = await memberWithConfirmedEmail('qi');
    const thief = `thief-${qi.user.id.slice(0, 8)}@example.com`;
    const queued = await jobCount();

    const wrong = await askFor(qi, thief, 'Not_her_password_1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'That password is not right',
      errors: [{ path: 'currentPassword', message: 'That password is not right' }],
    });
    expect(await me(qi)).toMatchObject({ email: old, emailVerified: true, pendingEmail: null });
    expect(await t.database.db.select().from(emailCodes).where(eq(emailCodes.userId, qi.user.id))).toHaveLength(0);
    expect(await jobCount()).toBe(queued);
    expect(await deliveredMail(t)).toHaveLength(0);

    // Missing: refused before anything is looked at, said beside the field.
    const missing = await qi.request('POST', '/api/account/email', { email: thief });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'currentPassword' }] });
    const empty = await askFor(qi, thief, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      errors: [{ path: 'currentPassword', message: 'Enter your current password' }],
    });
    expect(await me(qi)).toMatchObject({ email: old, pendingEmail: null });
    expect(await jobCount()).toBe(queued);

    // In her language.
    const spanish = await qi.request(
      'POST',
      '/api/account/email',
      { email: thief, currentPassword: 'Not_her_password_1' },
      { 'accept-language': 'es' },
    );
    expect(spanish.json()).toMatchObject({ message: 'Esa contraseña no es correcta' });
  });

  it('is needed to add a first email too', async () => {
    const ren = await signUp(t.app);
    const wrong = await askFor(ren, `ren-${ren.user.id.slice(0, 8)}@example.com`, 'Not_her_password_1');
    expect(wrong.statusCode).toBe(403);
    expect(await me(ren)).toMatchObject({ email: ren.user.email, emailVerified: false, pendingEmail: null });
    expect(await deliveredMail(t)).toHaveLength(0);
  });

  it('after 5 wrong ones, is not even checked for a while (429), and the right one changes nothing then', async () => {
    const { client: sol, email: old } = await memberWithConfirmedEmail('sol');
    const next = `sol-new-${sol.user.id.slice(0, 8)}@example.com`;
    for (let i = 0; i < 5; i++) expect((await askFor(sol, next, `Wrong_guess_${i}`)).statusCode).toBe(403);
    const throttled = await askFor(sol, next);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(await me(sol)).toMatchObject({ email: old, pendingEmail: null });
    expect(await deliveredMail(t)).toHaveLength(0);
  });
});

describe('"Send a new code"', () => {
  const resend = (client: Client, body?: unknown) => client.request('POST', '/api/account/email/code', body);

  it('needs no password and mails only the address waiting: her unverified first email', async () => {
    const tam = await signUp(t.app);
    const first = `tam-${tam.user.id.slice(0, 8)}@example.com`;
    await ask(tam, first);
    // An address in the body is not an address to send to: the route takes none.
    const sent = await resend(tam, { email: `elsewhere-${tam.user.id.slice(0, 8)}@example.com` });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({
      email: first,
      verified: false,
      pendingEmail: null,
      message: `We sent a 6-digit code to ${first}`,
    });
    const mails = await deliveredMail(t);
    expect(mails).toHaveLength(1);
    expect(mailTo(mails, first)).toHaveLength(1);
    expect(await me(tam)).toMatchObject({ email: first, emailVerified: false, pendingEmail: null });
    expect((await verify(tam, codeIn(mails[0]) as string)).statusCode).toBe(200);
  });

  it('sends nothing when no address waits (409 NOTHING_TO_CONFIRM): confirmed, or no email at all', async () => {
    const { client: uma, email } = await memberWithConfirmedEmail('uma');
    const confirmed = await resend(uma);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toEqual({
      code: 'NOTHING_TO_CONFIRM',
      message: `No address is waiting for a code: your email ${email} is already confirmed.`,
    });
    const newcomer = await signUp(t.app);
    const none = await resend(newcomer, undefined);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({
      code: 'NOTHING_TO_CONFIRM',
      message: 'No address is waiting for a code. Add your email first.',
    });
    expect(await deliveredMail(t)).toHaveLength(0);
  });
});

describe('a code typed when no address waits for one', () => {
  it('answers 409 NOTHING_TO_CONFIRM whatever the code: never "verified", never "expired"', async () => {
    const { client: wyn, email } = await memberWithConfirmedEmail('wyn');
    for (const code of ['000000', '123456']) {
      const answer = await verify(wyn, code);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        code: 'NOTHING_TO_CONFIRM',
        message: `No address is waiting for a code: your email ${email} is already confirmed.`,
      });
    }
    const spanish = await verify(wyn, '000000', { 'accept-language': 'es' });
    expect(spanish.json()).toMatchObject({
      message: `Ninguna dirección espera un código: tu correo ${email} ya está confirmado.`,
    });
    const none = await verify(await signUp(t.app), '000000');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NOTHING_TO_CONFIRM' });
    expect(await me(wyn)).toMatchObject({ email, emailVerified: true, pendingEmail: null });
  });
});
