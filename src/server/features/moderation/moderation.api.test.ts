import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allRouteDeclarations, buildPath } from '../../../contract/api';
import { type AuditEntry, type MemberCase, type ReportGroup } from '../../../contract/moderation';
import type { NoticeList } from '../../../contract/notifications';
import { ACCOUNT_SUSPENDED_REASON, WS_CLOSE } from '../../../contract/realtime';
import type { Report } from '../../../contract/safety';
import { moderationActions, reports } from '../../test/tables';
import { createMatch } from '../../test/matches';
import { feedIds, like, matchesOf, member, premiumMember, setProfile } from '../../test/members';
import { clientFor, sessionCookie, type Client } from '../../test/harness';
import { useSocketTestApp } from '../../realtime/test-socket';
import { newUserBody } from '../../test/factories';

const app = useSocketTestApp();

const here = { location: 'Billings, Montana' };

async function moderator(): Promise<Client> {
  const mod = await member(app.t);
  await setProfile(app.t, mod, { role: 'moderator' });
  return mod;
}

async function report(from: Client, about: Client, reason = 'harassment_or_bullying', extra: object = {}) {
  const response = await from.request('POST', '/api/reports', { reportedUserId: about.user.id, reason, ...extra });
  expect(response.statusCode, response.body).toBe(202);
}

async function act(mod: Client, subject: Client, body: object) {
  return mod.request('POST', `/api/moderation/members/${subject.user.id}/actions`, body);
}

async function queue(mod: Client): Promise<ReportGroup[]> {
  const response = await mod.request('GET', '/api/moderation/reports');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportGroup[]>();
}

const statusesOf = async (client: Client) =>
  (await client.request('GET', `/api/reports/${client.user.id}`)).json<Report[]>().map((r) => r.status);

async function login(username: string, password = newUserBody().password) {
  return app.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
}

describe('access', () => {
  it('answers 403 to a member on every /api/moderation endpoint, before looking at the request', async () => {
    const ana = await member(app.t);
    const declared = allRouteDeclarations().filter((d) => d.path.startsWith('/api/moderation/'));
    expect(declared.length).toBeGreaterThanOrEqual(4);
    for (const d of declared) {
      const url = buildPath(d.path, { id: randomUUID() });
      for (const payload of [
        undefined,
        { action: 'suspend', reason: 'x', duration: '7d', rule: 'other' },
        { nonsense: 1 },
      ]) {
        const response = await ana.request(d.method, url, payload);
        expect(response.statusCode, `${d.method} ${url}`).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
      }
    }
    const mod = await moderator();
    expect((await mod.request('GET', '/api/moderation/reports')).statusCode).toBe(200);
    // A revoked moderator is out at once.
    await setProfile(app.t, mod, { role: 'member' });
    expect((await mod.request('GET', '/api/moderation/reports')).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const response = await app.t.app.inject({ method: 'GET', url: '/api/moderation/reports' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the reports queue', () => {
  it('groups by reported member: severity first, then a premium reporter, then age', async () => {
    const mod = await moderator();
    const [spammer, harasser, priorityFake, oldFake] = [
      await member(app.t),
      await member(app.t),
      await member(app.t),
      await member(app.t),
    ];
    const [r1, r2, r3] = [await member(app.t), await member(app.t), await member(app.t)];
    const premium = await premiumMember(app.t);
    await report(r1, oldFake, 'fake_profile');
    await report(r1, spammer, 'spam_or_scam');
    await report(r2, spammer, 'spam_or_scam');
    await report(premium, priorityFake, 'fake_profile');
    await report(r3, harasser, 'other');
    await report(r2, harasser, 'harassment_or_bullying');

    const groups = (await queue(mod)).filter((g) =>
      [spammer, harasser, priorityFake, oldFake].some((m) => m.user.id === g.member.id),
    );
    expect(groups.map((g) => g.member.id)).toEqual([
      harasser.user.id, // harassment is severe
      priorityFake.user.id, // a premium member's report: priority support
      oldFake.user.id, // then the oldest
      spammer.user.id,
    ]);
    expect(groups[0]).toMatchObject({ openReports: 2, reasons: ['harassment_or_bullying', 'other'], priority: false });
    expect(groups[1]?.priority).toBe(true);
    expect(groups[3]?.openReports).toBe(2);
  });

  it('shows her case with every report, the reporters, and moves them to under review for their authors', async () => {
    const mod = await moderator();
    const [subject, ana] = [await member(app.t), await member(app.t)];
    await report(ana, subject, 'violence_or_threats', { description: 'Threatened me.' });
    expect(await statusesOf(ana)).toEqual(['received']);

    const response = await mod.request('GET', `/api/moderation/members/${subject.user.id}`);
    expect(response.statusCode).toBe(200);
    const view = response.json<MemberCase>();
    expect(view.member).toMatchObject({ id: subject.user.id, username: subject.user.username, suspendedUntil: null });
    expect(view.reports).toMatchObject([
      { reason: 'violence_or_threats', description: 'Threatened me.', reporter: { id: ana.user.id }, messages: [] },
    ]);
    expect(view.history).toEqual([]);
    expect(await statusesOf(ana)).toEqual(['under_review']);

    expect((await mod.request('GET', `/api/moderation/members/${randomUUID()}`)).statusCode).toBe(404);
    expect((await mod.request('GET', '/api/moderation/members/not-an-id')).statusCode).toBe(404);
  });
});

describe('messages attached to a report', () => {
  it('are frozen copies of the last 20: deleting the conversation later keeps the evidence', async () => {
    const mod = await moderator();
    const [ana, bea] = [await member(app.t), await member(app.t)];
    const matchId = await createMatch(app.t.database.db, ana.user.id, bea.user.id);
    for (let i = 1; i <= 22; i++) {
      const sender = i % 2 ? bea : ana;
      const sent = await sender.request('POST', '/api/messages', { matchId, content: `message ${i}` });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await report(ana, bea, 'harassment_or_bullying', { matchId, includeMessages: true });
    expect((await ana.request('GET', `/api/reports/${ana.user.id}`)).json<Report[]>()[0]?.messagesAttached).toBe(true);

    // The conversation goes (Ana unmatches): the report still holds what was said.
    expect((await ana.request('DELETE', `/api/matches/${matchId}`)).statusCode).toBe(200);
    const view = (await mod.request('GET', `/api/moderation/members/${bea.user.id}`)).json<MemberCase>();
    const copies = view.reports[0]?.messages ?? [];
    expect(copies).toHaveLength(20);
    expect(copies[0]).toMatchObject({ content: 'message 3', senderId: bea.user.id, senderName: bea.user.name });
    expect(copies.at(-1)).toMatchObject({ content: 'message 22', senderId: ana.user.id });
  });

  it('are refused for a conversation that is not hers or not with the reported member', async () => {
    const [ana, bea, cleo, dee] = [await member(app.t), await member(app.t), await member(app.t), await member(app.t)];
    const theirs = await createMatch(app.t.database.db, bea.user.id, cleo.user.id);
    const withDee = await createMatch(app.t.database.db, ana.user.id, dee.user.id);
    const foreign = await ana.request('POST', '/api/reports', {
      reportedUserId: bea.user.id,
      reason: 'other',
      matchId: theirs,
      includeMessages: true,
    });
    expect(foreign.statusCode).toBe(404);
    const wrongPerson = await ana.request('POST', '/api/reports', {
      reportedUserId: bea.user.id,
      reason: 'other',
      matchId: withDee,
      includeMessages: true,
    });
    expect(wrongPerson.statusCode).toBe(400);
    expect((await ana.request('GET', `/api/reports/${ana.user.id}`)).json()).toEqual([]);
  });
});

describe('actions', () => {
  it('suspends: her sessions end at once, her socket closes, login says until when, and she is hidden everywhere', async () => {
    const mod = await moderator();
    const sue = await member(app.t, here);
    const ana = await member(app.t, here);
    const bea = await member(app.t, here);
    await like(sue, ana);
    await like(ana, sue);
    expect((await matchesOf(ana)).map((m) => m.otherUser.id)).toContain(sue.user.id);
    expect(await feedIds(bea)).toContain(sue.user.id);
    await report(ana, sue, 'harassment_or_bullying');

    // A second session (another device) and an open socket.
    const second = await login(sue.user.username);
    expect(second.statusCode).toBe(200);
    const otherDevice = clientFor(app.t.app, sue.user, sessionCookie(second));
    const socket = await app.socketOf(sue);

    const done = await act(mod, sue, {
      action: 'suspend',
      duration: '7d',
      rule: 'harassment_or_bullying',
      reason: 'Repeated harassment',
    });
    expect(done.statusCode, done.body).toBe(201);
    const until = new Date(done.json().member.suspendedUntil as string);
    expect(until.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3_600_000);

    expect(await socket.closed).toEqual({ code: WS_CLOSE.policyViolation, reason: ACCOUNT_SUSPENDED_REASON });
    for (const client of [sue, otherDevice]) {
      const me = await client.request('GET', '/api/auth/me');
      expect([401, 403]).toContain(me.statusCode);
    }
    const again = await login(sue.user.username);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(again.json().message).toMatch(/^Your account is suspended until .+ UTC\.$/);
    expect(again.cookies).toEqual([]);

    expect((await matchesOf(ana)).map((m) => m.otherUser.id)).not.toContain(sue.user.id);
    expect(await feedIds(bea)).not.toContain(sue.user.id);
    expect(await statusesOf(ana)).toEqual(['action_taken']);

    // Lifting restores her: she logs in again and reappears.
    const lifted = await act(mod, sue, { action: 'lift', reason: 'Appeal accepted' });
    expect(lifted.statusCode, lifted.body).toBe(201);
    expect(lifted.json().member.suspendedUntil).toBeNull();
    expect((await login(sue.user.username)).statusCode).toBe(200);
    expect((await matchesOf(ana)).map((m) => m.otherUser.id)).toContain(sue.user.id);
    expect(await feedIds(bea)).toContain(sue.user.id);
    // Her reporter still sees only that action was taken, never which.
    const filed = (await ana.request('GET', `/api/reports/${ana.user.id}`)).body;
    expect(filed).not.toMatch(/suspend|lift|warn/i);
  });

  it('suspends permanently: login says so', async () => {
    const mod = await moderator();
    const sue = await member(app.t);
    expect(
      (await act(mod, sue, { action: 'suspend', duration: 'permanent', rule: 'underage_user', reason: 'Under 18' }))
        .statusCode,
    ).toBe(201);
    const response = await login(sue.user.username);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your account is suspended until further notice.');
  });

  it('warns: she gets an in-app notice with the rule, never who reported her', async () => {
    const mod = await moderator();
    const [wen, ana] = [await member(app.t), await member(app.t, { name: 'Anastasia Reporter' })];
    await report(ana, wen, 'inappropriate_photos');
    const noticesOf = async () => {
      const response = await wen.request('GET', '/api/notifications/notices');
      expect(response.statusCode).toBe(200);
      return response;
    };
    expect((await noticesOf()).json<NoticeList>().notices).toEqual([]);

    const warned = await act(mod, wen, { action: 'warn', rule: 'inappropriate_photos', reason: 'Nudity in photo 2' });
    expect(warned.statusCode, warned.body).toBe(201);
    await expect.poll(async () => (await noticesOf()).json<NoticeList>().notices.length).toBe(1);
    const response = await noticesOf();
    const [notice] = response.json<NoticeList>().notices;
    expect(notice).toMatchObject({
      kind: 'warning',
      title: 'A warning from the Steep moderators',
      read: false,
      link: '/safety',
    });
    expect(notice?.body).toContain('Inappropriate photos');
    expect(response.body).not.toContain(ana.user.id);
    expect(response.body).not.toContain('Anastasia');
    expect(response.body).not.toContain('Nudity');
    expect(await statusesOf(ana)).toEqual(['action_taken']);
  });

  it('dismisses: her reports close, and there is nothing left to dismiss', async () => {
    const mod = await moderator();
    const [dee, ana] = [await member(app.t), await member(app.t)];
    await report(ana, dee, 'other');
    expect((await act(mod, dee, { action: 'dismiss', reason: 'Not a breach' })).statusCode).toBe(201);
    expect(await statusesOf(ana)).toEqual(['closed']);
    expect((await queue(mod)).map((g) => g.member.id)).not.toContain(dee.user.id);
    expect((await act(mod, dee, { action: 'dismiss', reason: 'Again' })).statusCode).toBe(409);
    expect((await act(mod, dee, { action: 'lift', reason: 'Not suspended' })).statusCode).toBe(409);
  });

  it.each([
    ['no reason', { action: 'dismiss' }],
    ['a warning without a rule', { action: 'warn', reason: 'x' }],
    ['a suspension without a duration', { action: 'suspend', rule: 'other', reason: 'x' }],
    ['an unknown action', { action: 'ban', reason: 'x' }],
  ])('refuses %s (400) and records nothing', async (_case, body) => {
    const mod = await moderator();
    const dee = await member(app.t);
    const response = await act(mod, dee, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    const rows = await app.t.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.subjectUserId, dee.user.id));
    expect(rows).toEqual([]);
  });

  it('refuses to moderate herself or a member she reported, and an unknown member is 404', async () => {
    const mod = await moderator();
    const dee = await member(app.t);
    const self = await act(mod, mod, { action: 'suspend', duration: '7d', rule: 'other', reason: 'x' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot moderate your own account');
    await report(mod, dee, 'other');
    const own = await act(mod, dee, { action: 'dismiss', reason: 'My own report' });
    expect(own.statusCode).toBe(403);
    expect(
      (await mod.request('POST', `/api/moderation/members/${randomUUID()}/actions`, { action: 'dismiss', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    // Another moderator can.
    const other = await moderator();
    expect((await act(other, dee, { action: 'dismiss', reason: 'Reviewed' })).statusCode).toBe(201);
  });

  it('records every action in an append-only audit log, listed newest first', async () => {
    const mod = await moderator();
    const [eve, ana] = [await member(app.t), await member(app.t)];
    await report(ana, eve, 'spam_or_scam');
    await act(mod, eve, { action: 'warn', rule: 'spam_or_scam', reason: 'First spam' });
    await act(mod, eve, { action: 'suspend', duration: '7d', rule: 'spam_or_scam', reason: 'More spam' });
    await act(mod, eve, { action: 'lift', reason: 'Appeal' });

    const log = (await mod.request('GET', '/api/moderation/audit')).json<AuditEntry[]>();
    const hers = log.filter((e) => e.subject.id === eve.user.id);
    expect(hers.map((e) => [e.action, e.reason, e.moderator.id])).toEqual([
      ['lift', 'Appeal', mod.user.id],
      ['suspend', 'More spam', mod.user.id],
      ['warn', 'First spam', mod.user.id],
    ]);
    expect(hers[1]).toMatchObject({ rule: 'spam_or_scam', suspendedUntil: expect.any(String) });
    const view = (await mod.request('GET', `/api/moderation/members/${eve.user.id}`)).json<MemberCase>();
    expect(view.history.map((e) => e.action)).toEqual(['lift', 'suspend', 'warn']);

    // The database itself refuses to rewrite history.
    await expect(
      app.t.database.db
        .update(moderationActions)
        .set({ reason: 'rewritten' })
        .where(eq(moderationActions.subjectUserId, eve.user.id)),
    ).rejects.toThrow();
    await expect(
      app.t.database.db.delete(moderationActions).where(eq(moderationActions.subjectUserId, eve.user.id)),
    ).rejects.toThrow();
  });
});

describe('automatic protection', () => {
  it('hides a member reported as underage by 3 different members from discovery until reviewed', async () => {
    const mod = await moderator();
    const kid = await member(app.t, here);
    const viewer = await member(app.t, here);
    const reporters = [await member(app.t), await member(app.t), await member(app.t)];
    await report(reporters[0] as Client, kid, 'underage_user');
    await report(reporters[0] as Client, kid, 'underage_user'); // the same member twice counts once
    await report(reporters[1] as Client, kid, 'underage_user');
    expect(await feedIds(viewer)).toContain(kid.user.id);
    await report(reporters[2] as Client, kid, 'underage_user');
    expect(await feedIds(viewer)).not.toContain(kid.user.id);
    const [first] = await queue(mod);
    expect(first?.member).toMatchObject({ id: kid.user.id, hiddenFromDiscovery: true });

    // Reviewed and found an adult: back in discovery.
    expect((await act(mod, kid, { action: 'dismiss', reason: 'ID checked, 24' })).statusCode).toBe(201);
    expect(await feedIds(viewer)).toContain(kid.user.id);
    const rows = await app.t.database.db.select().from(reports).where(eq(reports.reportedUserId, kid.user.id));
    expect(rows.every((r) => r.status === 'closed')).toBe(true);
  });
});
