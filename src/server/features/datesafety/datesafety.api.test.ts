import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveDatePlans, CreateDatePlanBody, DatePlan, SharedDatePlan } from '../../../contract/datesafety';
import type { EventCard } from '../../../contract/events';
import { buildApp } from '../../app';
import { datePlanContacts, datePlans, jobs, smsOutbox } from '../../test/tables';
import { clientFor, createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { createMatch } from '../../test/matches';
import { member, setProfile } from '../../test/members';

/*
 * Share My Date (product §2). The routes read an injected clock, moved forward to see a link expire;
 * the queue runs with a moved clock (runDue), as in the other job tests. Texts land in sms_outbox (the log
 * provider), mail in DATA_DIR/outbox.
 */
let t: TestApp;
let offsetMs = 0;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://steep.example' }, { clock: () => new Date(Date.now() + offsetMs) });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms);
const inHours = (hours: number) => at(hours * HOUR).toISOString();

interface Mail {
  to: string;
  subject: string;
  body: string;
}

async function inbox(address: string): Promise<Mail[]> {
  const dir = path.join(t.config.DATA_DIR, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(dir, file), 'utf8');
      const split = text.indexOf('\n\n');
      const head = text.slice(0, split);
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
      return { to: header('To'), subject: header('Subject'), body: text.slice(split + 2) };
    }),
  );
  return mails.filter((m) => m.to === address);
}

const textsOf = async (client: Client) =>
  t.database.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.userId, client.user.id), eq(smsOutbox.purpose, 'contact')));

/** Runs what is due now, then what those jobs queued (stamped with the real clock). */
async function runJobs(now = new Date()) {
  await t.app.jobs.runDue(now);
  await t.app.jobs.runDue(new Date(Math.max(now.getTime(), Date.now()) + 1_000));
}

async function pair(language: 'en' | 'es' = 'en'): Promise<{ jordan: Client; alex: Client; matchId: string }> {
  // A Spanish member is one who signed up from a Spanish browser (her saved language).
  const headers: Record<string, string> = language === 'es' ? { 'accept-language': 'es' } : {};
  const jordan = await signUp(t.app, { name: 'Jordan Rivers' }, headers);
  const alex = await member(t, { name: 'Alex Stone' });
  const matchId = await createMatch(t.database.db, jordan.user.id, alex.user.id);
  return { jordan, alex, matchId };
}

let contactCounter = 0;
/** A US number and an address nobody else's test uses (the per-address daily limit is global). */
function freshContacts() {
  contactCounter++;
  const phone = `(503) 555-${String(1000 + contactCounter).padStart(4, '0')}`;
  const email = `friend${contactCounter}-${randomUUID().slice(0, 6)}@mail.example`;
  return { phone, email };
}

function planBody(overrides: Partial<CreateDatePlanBody> = {}): CreateDatePlanBody {
  const { phone, email } = freshContacts();
  return {
    place: 'Blue Bottle, 3rd & Pine',
    startsAt: inHours(2),
    checkInAt: inHours(4),
    timeZone: 'America/Los_Angeles',
    contacts: [
      { name: 'Sam', channel: 'sms', address: phone },
      { name: 'Kim', channel: 'email', address: email },
    ],
    ...overrides,
  };
}

async function share(client: Client, body: CreateDatePlanBody): Promise<DatePlan> {
  const response = await client.request('POST', '/api/date-plans', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DatePlan>();
}

const linkIn = (text: string) => /https:\/\/steep\.example\/date\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

const openLink = (token: string) => t.app.inject({ method: 'GET', url: `/api/shared-dates/${token}` });

describe('sharing a date plan', () => {
  it('refuses what a member can get wrong with a clear 4xx', async () => {
    const { jordan, matchId } = await pair();
    const cases: [Partial<CreateDatePlanBody>, number, string][] = [
      [{ contacts: [] }, 400, 'contacts'],
      [
        {
          contacts: ['1', '2', '3', '4'].map((n) => ({
            name: n,
            channel: 'email' as const,
            address: `${n}@x.example`,
          })),
        },
        400,
        'contacts',
      ],
      [{ contacts: [{ name: 'Sam', channel: 'sms', address: '12' }] }, 400, 'contacts.0.address'],
      [{ contacts: [{ name: 'Sam', channel: 'sms', address: '+44 20 7946 0958' }] }, 400, 'contacts.0.address'],
      [{ contacts: [{ name: 'Kim', channel: 'email', address: 'not-an-email' }] }, 400, 'contacts.0.address'],
      [
        {
          contacts: [
            { name: 'Kim', channel: 'email', address: 'kim@x.example' },
            { name: 'Kim again', channel: 'email', address: 'KIM@x.example' },
          ],
        },
        400,
        'contacts.1.address',
      ],
      [{ contacts: [{ name: '', channel: 'email', address: 'kim@x.example' }] }, 400, 'contacts.0.name'],
      [{ place: '   ' }, 400, 'place'],
      [{ startsAt: 'tonight' }, 400, 'startsAt'],
      [{ startsAt: inHours(-48) }, 400, 'startsAt'],
      [{ startsAt: inHours(24 * 45) }, 400, 'startsAt'],
      [{ checkInAt: inHours(-1) }, 400, 'checkInAt'],
      [{ checkInAt: inHours(1) }, 400, 'checkInAt'],
      [{ timeZone: 'Mars/Olympus' }, 400, 'timeZone'],
      [{ matchId, eventId: randomUUID() }, 400, 'eventId'],
      [{ matchId: 'nope' }, 400, 'matchId'],
    ];
    for (const [overrides, status, field] of cases) {
      const response = await jordan.request('POST', '/api/date-plans', planBody(overrides));
      expect(response.statusCode, `${JSON.stringify(overrides)} → ${response.body}`).toBe(status);
      const body = response.json<{ message: string; code: string; errors?: { path: string }[] }>();
      expect(body.message).toEqual(expect.any(String));
      expect(body.errors?.map((e) => e.path)).toContain(field);
    }
    // Every problem at once, each beside its field, countries in words.
    const all = await jordan.request(
      'POST',
      '/api/date-plans',
      planBody({
        checkInAt: inHours(-1),
        contacts: [
          { name: 'Sam', channel: 'sms', address: '12' },
          { name: 'Lee', channel: 'sms', address: '+44 20 7946 0958' },
          { name: 'Kim', channel: 'email', address: 'not-an-email' },
        ],
      }),
    );
    expect(all.statusCode).toBe(400);
    expect(all.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      { path: 'checkInAt', message: 'Choose a check-in time that is still ahead' },
      { path: 'contacts.0.address', message: 'Enter a valid phone number, e.g. (503) 555-0123' },
      { path: 'contacts.1.address', message: 'Steep can only text numbers in the United States or Canada' },
      { path: 'contacts.2.address', message: 'Enter a valid email address' },
    ]);
    // Someone else's conversation, an unknown meetup: 404, and nothing stored or queued.
    const stranger = await member(t);
    expect((await stranger.request('POST', '/api/date-plans', planBody({ matchId }))).statusCode).toBe(404);
    expect((await jordan.request('POST', '/api/date-plans', planBody({ eventId: randomUUID() }))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/date-plans', payload: planBody() })).statusCode).toBe(401);
    const stored = await t.database.db.select().from(datePlans).where(eq(datePlans.userId, jordan.user.id));
    expect(stored).toHaveLength(0);
  });

  it('texts and mails each contact a link that shows the plan and nothing else about her', async () => {
    const { jordan, matchId } = await pair();
    await setProfile(t, jordan, { email: 'jordan@private.example', phoneNumber: '+15035550199' });
    const body = planBody({ matchId, startsAt: '2030-06-01T03:00:00.000Z', checkInAt: '2030-06-01T05:30:00.000Z' });
    offsetMs = 0;
    const plan = await share(jordan, { ...body, startsAt: inHours(2), checkInAt: inHours(4) });
    expect(plan).toMatchObject({ status: 'active', place: 'Blue Bottle, 3rd & Pine', with: { firstName: 'Alex' } });
    // Her own view masks the contacts.
    expect(plan.contacts.map((c) => c.address)).toEqual([
      expect.stringMatching(/^•••• \d{4}$/),
      expect.stringMatching(/^f•••@mail\.example$/),
    ]);
    // Nothing was sent on the request: the texts are jobs.
    expect(await textsOf(jordan)).toHaveLength(0);
    await runJobs();

    const texts = await textsOf(jordan);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.toMasked).toMatch(/^•••• \d{4}$/);
    expect(texts[0]?.body).toContain('Jordan shared a date plan with you on Steep: meeting Alex at Blue Bottle');
    const kim = body.contacts[1]?.address ?? '';
    const mails = await inbox(kim);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Jordan shared a date plan with you');

    const smsToken = linkIn(texts[0]?.body ?? '');
    const mailToken = linkIn(mails[0]?.body ?? '');
    expect(smsToken).toBeDefined();
    expect(mailToken).not.toBe(smsToken);
    // Only hashes are stored.
    const contacts = await t.database.db.select().from(datePlanContacts).where(eq(datePlanContacts.planId, plan.id));
    expect(contacts.map((c) => c.tokenHash)).not.toContain(smsToken);

    const page = await openLink(smsToken ?? '');
    expect(page.statusCode, page.body).toBe(200);
    const shared = page.json<SharedDatePlan>();
    expect(Object.keys(shared).sort()).toEqual(
      [
        'checkInLabel',
        'eventTitle',
        'expiresAt',
        'place',
        'sharerFirstName',
        'startsAt',
        'startsAtLabel',
        'status',
        'timeZone',
        'with',
      ].sort(),
    );
    expect(shared).toMatchObject({ sharerFirstName: 'Jordan', place: 'Blue Bottle, 3rd & Pine', status: 'active' });
    expect(shared.with?.firstName).toBe('Alex');
    expect(shared.startsAtLabel).toMatch(/P[DS]T$/);
    expect(page.body).not.toMatch(/Rivers|Stone|jordan@|\+1503|latitude|longitude|Portland|@mail\.example/i);
    expect(page.body).not.toContain(jordan.user.id);

    expect((await openLink('A'.repeat(43))).statusCode).toBe(404);
    expect((await openLink('short')).statusCode).toBe(400);
    // A day after the date the link is gone, with words that say so.
    offsetMs = 26 * HOUR + 1;
    const gone = await openLink(smsToken ?? '');
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'GONE', message: expect.stringContaining('ended') });
    offsetMs = 0;
  });

  it('shares from a meetup, with its title on the plan', async () => {
    const host = await member(t, { location: 'Portland, Oregon' });
    const created = await host.request('POST', '/api/events', {
      title: 'Matcha at noon',
      description: 'Slow tea and good talk',
      location: 'Portland, Oregon',
      venue: 'Tea Chai Té, NW 23rd',
      eventDate: inHours(48),
      maxAttendees: 10,
      teaType: 'Matcha',
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<EventCard>();
    const plan = await share(host, planBody({ eventId: event.id, startsAt: inHours(47), checkInAt: undefined }));
    expect(plan).toMatchObject({ eventTitle: 'Matcha at noon', with: null, checkInAt: null });
  });

  it('limits plans per day and texts per contact (no SMS pump)', async () => {
    const { jordan } = await pair();
    const same = planBody();
    for (let n = 0; n < 3; n++) await share(jordan, same);
    const fourth = await jordan.request('POST', '/api/date-plans', same);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().errors[0].path).toBe('contacts.0.address');
    await share(jordan, planBody());
    const fifth = await share(jordan, planBody());
    const sixth = await jordan.request('POST', '/api/date-plans', planBody());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: expect.stringContaining('5 date plans a day'),
    });
    // Share-and-cancel is no way round it: a cancelled plan still counts.
    expect((await jordan.request('DELETE', `/api/date-plans/${fifth.id}`)).statusCode).toBe(200);
    expect((await jordan.request('POST', '/api/date-plans', planBody())).statusCode).toBe(429);
  });

  it("keeps her plan hers: another member gets 404 for it, and can't cancel or mark it safe", async () => {
    const { jordan, alex, matchId } = await pair();
    const plan = await share(jordan, planBody({ matchId }));
    expect((await alex.request('POST', `/api/date-plans/${plan.id}/safe`, {})).statusCode).toBe(404);
    expect((await alex.request('DELETE', `/api/date-plans/${plan.id}`)).statusCode).toBe(404);
    expect((await alex.request('GET', '/api/date-plans')).json<ActiveDatePlans>().plans).toEqual([]);
    expect((await jordan.request('POST', '/api/date-plans/not-a-uuid/safe', {})).statusCode).toBe(400);
    const mine = (await jordan.request('GET', '/api/date-plans')).json<ActiveDatePlans>().plans;
    expect(mine.map((p) => p.id)).toEqual([plan.id]);
  });
});

describe('the check-in', () => {
  const alertsOf = async (client: Client) =>
    (await textsOf(client)).filter((text) => text.body.includes("hasn't checked in after the date"));

  async function planWithCheckIn(language: 'en' | 'es' = 'en') {
    const { jordan, matchId } = await pair(language);
    await setProfile(t, jordan, { email: `${jordan.user.username}@mail.example`, emailVerifiedAt: new Date() });
    const body = planBody({ matchId, startsAt: inHours(1), checkInAt: inHours(3) });
    const plan = await share(jordan, body);
    await runJobs();
    return { jordan, plan, body, checkInAt: new Date(plan.checkInAt ?? '') };
  }

  it('reminds her at the check-in time, then tells her contacts once, even across a restart', async () => {
    const { jordan, plan, body, checkInAt } = await planWithCheckIn();
    await runJobs(new Date(checkInAt.getTime() + 1_000));
    const reminders = await inbox(`${jordan.user.username}@mail.example`);
    expect(reminders.map((m) => m.subject)).toEqual(['Steep is checking on you']);
    const push = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'notify.push'), sql`${jobs.payload}->>'userId' = ${jordan.user.id}`));
    expect(push.map((j) => j.payload.kind)).toEqual(['direct']);
    expect(await alertsOf(jordan)).toHaveLength(0);

    // The process stops before the alert is due; a new one on the same database sends it, once.
    await t.app.close();
    const restarted = await buildApp({ config: t.config, database: t.database, scryptLogN: 10 });
    await restarted.ready();
    t.app = restarted;
    const due = new Date(checkInAt.getTime() + 15 * 60_000 + 1_000);
    await runJobs(due);
    await runJobs(new Date(due.getTime() + HOUR));
    const alerts = await alertsOf(jordan);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.body).toContain(
      "Jordan hasn't checked in after the date; last shared plan: meeting Alex at Blue Bottle",
    );
    const kimAlerts = (await inbox(body.contacts[1]?.address ?? '')).filter((m) =>
      m.subject.includes("hasn't checked in"),
    );
    expect(kimAlerts).toHaveLength(1);

    // Even a second copy of the alert job (another instance's retry) sends nothing more.
    await t.app.jobs.enqueue('datesafety.alert', { userId: jordan.user.id, planId: plan.id });
    await runJobs(new Date(due.getTime() + 2 * HOUR));
    expect(await alertsOf(jordan)).toHaveLength(1);

    // "I'm safe" afterwards: the contacts hear she checked in.
    const safe = await clientFor(restarted, jordan.user, jordan.cookie).request(
      'POST',
      `/api/date-plans/${plan.id}/safe`,
      {},
    );
    expect(safe.json<DatePlan>().status).toBe('safe');
    await runJobs();
    expect((await textsOf(jordan)).filter((m) => m.body.includes('is safe'))).toHaveLength(1);
  });

  it('writes to her contacts in her language: Spanish for a Spanish member, times included', async () => {
    const { jordan, plan, body, checkInAt } = await planWithCheckIn('es');
    const spanishTime = (at: string | Date) =>
      new Intl.DateTimeFormat('es', {
        timeZone: 'America/Los_Angeles',
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(new Date(at));
    const [shared] = await textsOf(jordan);
    expect(shared?.body).toBe(
      `Jordan compartió contigo su plan en Steep: cita con Alex en Blue Bottle, 3rd & Pine, ${spanishTime(plan.startsAt)}. ` +
        `Steep le preguntará a Jordan si está bien (${spanishTime(checkInAt)}) y te avisará si no hay respuesta. ` +
        `Ver el plan: https://steep.example/date/${linkIn(shared?.body ?? '')}`,
    );
    const kim = body.contacts[1]?.address ?? '';
    expect((await inbox(kim)).map((m) => m.subject)).toEqual(['Jordan compartió contigo un plan de cita']);
    // The contact's page speaks her reader's language (the browser's), not the sharer's.
    const token = linkIn(shared?.body ?? '') ?? '';
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/shared-dates/${token}`,
      headers: { 'accept-language': 'es' },
    });
    expect(page.json<SharedDatePlan>()).toMatchObject({
      startsAtLabel: spanishTime(plan.startsAt),
      checkInLabel: spanishTime(checkInAt),
    });
    expect((await openLink(token)).json<SharedDatePlan>().startsAtLabel).toMatch(/P[DS]T$/);

    // Her missed check-in, then "I'm safe": the alert and the all-clear in Spanish too.
    await runJobs(new Date(checkInAt.getTime() + 1_000));
    expect((await inbox(`${jordan.user.username}@mail.example`)).map((m) => m.subject)).toEqual([
      'Steep quiere saber de ti',
    ]);
    await runJobs(new Date(checkInAt.getTime() + 15 * 60_000 + 1_000));
    const alert = (await textsOf(jordan)).find((m) => m.body.includes('no ha confirmado'));
    expect(alert?.body).toBe(
      'Jordan no ha confirmado que está bien después de la cita. ' +
        `Último plan compartido: cita con Alex en Blue Bottle, 3rd & Pine, ${spanishTime(plan.startsAt)}. ` +
        'Intenta comunicarte con Jordan.',
    );
    expect(await alertsOf(jordan)).toHaveLength(0);
    expect((await jordan.request('POST', `/api/date-plans/${plan.id}/safe`, {})).statusCode).toBe(200);
    await runJobs();
    const safe = (await textsOf(jordan)).filter((m) => m.body.startsWith('Buenas noticias'));
    expect(safe.map((m) => m.body)).toEqual(['Buenas noticias: Jordan confirmó en Steep que está bien.']);
    expect((await inbox(kim)).map((m) => m.subject)).toEqual([
      'Jordan compartió contigo un plan de cita',
      'Jordan no ha confirmado que está bien después de la cita',
      'Jordan confirmó que está bien',
    ]);
  });

  it('writes in her saved language, not the browser she shares from', async () => {
    const { jordan, matchId } = await pair();
    await share(jordan, planBody({ matchId }));
    await jordan.request('POST', '/api/date-plans', planBody({ matchId }), { 'accept-language': 'es' });
    await runJobs();
    const texts = await textsOf(jordan);
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text.body).toMatch(/^Jordan shared a date plan with you on Steep: meeting Alex/);
  });

  it("sends nothing to her contacts after she taps I'm safe", async () => {
    const { jordan, plan, checkInAt } = await planWithCheckIn();
    const safe = await jordan.request('POST', `/api/date-plans/${plan.id}/safe`, {});
    expect(safe.statusCode, safe.body).toBe(200);
    expect(safe.json<DatePlan>().status).toBe('safe');
    // Tapping again (a second device, a stale screen) answers 409 in words the screen shows as is.
    const again = await jordan.request('POST', `/api/date-plans/${plan.id}/safe`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'You already checked in on this plan. Nobody will be alerted.',
    });
    await runJobs(new Date(checkInAt.getTime() + 1_000));
    await runJobs(new Date(checkInAt.getTime() + HOUR));
    expect(await alertsOf(jordan)).toHaveLength(0);
    expect(await inbox(`${jordan.user.username}@mail.example`)).toHaveLength(0);
  });

  it('sends nothing after she cancels, and the link stops working', async () => {
    const { jordan, plan, checkInAt } = await planWithCheckIn();
    const token = linkIn((await textsOf(jordan))[0]?.body ?? '') ?? '';
    expect((await openLink(token)).statusCode).toBe(200);
    const cancelled = await jordan.request('DELETE', `/api/date-plans/${plan.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<DatePlan>().status).toBe('cancelled');
    // The holder of a valid link is told the plan was cancelled, and nothing else about it.
    const closed = await openLink(token);
    expect(closed.statusCode).toBe(410);
    expect(closed.json()).toMatchObject({
      code: 'GONE',
      message: expect.stringMatching(/^Jordan cancelled this date plan/),
    });
    expect(closed.body).not.toContain(plan.place);
    await runJobs(new Date(checkInAt.getTime() + HOUR));
    expect(await alertsOf(jordan)).toHaveLength(0);
    // A stale device: cancelling again or "I'm safe" on the cancelled plan says it is already cancelled.
    for (const stale of [
      await jordan.request('DELETE', `/api/date-plans/${plan.id}`),
      await jordan.request('POST', `/api/date-plans/${plan.id}/safe`, {}),
    ]) {
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(/^This plan was already cancelled\./);
    }
  });

  it('is gone with her account: the plan, its contacts and its link', async () => {
    const { jordan, plan } = await planWithCheckIn();
    const token = linkIn((await textsOf(jordan))[0]?.body ?? '') ?? '';
    const exported = await jordan.request('GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(plan.id);
    expect(exported.body).not.toContain('tokenHash');
    const deleted = await jordan.request('DELETE', '/api/account', { password: 'Secret_123' });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await t.database.db.select().from(datePlans).where(eq(datePlans.id, plan.id))).toHaveLength(0);
    expect((await openLink(token)).statusCode).toBe(404);
  });
});
