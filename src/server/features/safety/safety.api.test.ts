import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASON_VALUES } from '../../../contract/safety';
import { createTestApp, drainJobs, type TestApp } from '../../test/harness';
import { reports } from '../../test/tables';
import { block, feedIds, like, matchesOf, member, PRIVATE_PATTERN, setProfile, swipe } from '../../test/members';

const REPORT_RECEIVED_MESSAGE = 'Thank you. Our team will review your report.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('blocks', () => {
  it('blocks, lists her blocks with the public name, and unblocks', async () => {
    const ana = await member(t);
    const bea = await member(t, { email: 'bea@example.com' });
    const created = await ana.request('POST', '/api/blocks', { blockerId: ana.user.id, blockedUserId: bea.user.id });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      blockerId: ana.user.id,
      blockedUserId: bea.user.id,
      blockedUser: { id: bea.user.id, name: bea.user.name, photo: null },
    });

    const list = await ana.request('GET', `/api/blocks/${ana.user.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([created.json()]);
    expect(list.body).not.toMatch(PRIVATE_PATTERN);
    expect(list.body).not.toContain('bea@example.com');

    const removed = await ana.request('DELETE', `/api/blocks/${created.json().id}`);
    expect(removed.statusCode).toBe(200);
    expect((await ana.request('GET', `/api/blocks/${ana.user.id}`)).json()).toEqual([]);
  });

  it('does not show the name or photo of someone who blocked her first, even in her own block list', async () => {
    const ana = await member(t);
    const bea = await member(t, { name: 'Beatrix Private' });
    await block(bea, ana);
    const created = await ana.request('POST', '/api/blocks', { blockedUserId: bea.user.id });
    expect(created.statusCode).toBe(201);
    expect(created.json().blockedUser).toEqual({ id: bea.user.id, name: 'Hidden member', photo: null });
    const list = await ana.request('GET', `/api/blocks/${ana.user.id}`);
    expect(list.body).not.toContain('Beatrix');
  });

  it('removes the pair from each other’s discovery, likes and matches, both ways', async () => {
    const here = { location: 'Helena, Montana' };
    const ana = await member(t, here);
    const bea = await member(t, here);
    await like(ana, bea);
    await like(bea, ana);
    expect(await matchesOf(ana)).toHaveLength(1);

    await block(bea, ana);
    expect(await matchesOf(ana)).toEqual([]);
    expect(await matchesOf(bea)).toEqual([]);
    expect(await feedIds(ana)).not.toContain(bea.user.id);
    expect(await feedIds(bea)).not.toContain(ana.user.id);
  });

  it('refuses blocking herself (400), an unknown user (404), twice (409), or as someone else (403)', async () => {
    const ana = await member(t);
    const bea = await member(t);
    expect((await ana.request('POST', '/api/blocks', { blockedUserId: ana.user.id })).statusCode).toBe(400);
    // By her own username too: she knows it, so saying so tells her nothing about anyone else.
    const byName = await ana.request('POST', '/api/blocks', { blockedUsername: ana.user.username.toUpperCase() });
    expect(byName.statusCode).toBe(400);
    expect(byName.json()).toMatchObject({ message: 'You cannot block yourself' });
    expect((await ana.request('GET', `/api/blocks/${ana.user.id}`)).json()).toEqual([]);
    expect((await ana.request('POST', '/api/blocks', { blockedUserId: randomUUID() })).statusCode).toBe(404);
    await block(ana, bea);
    expect((await ana.request('POST', '/api/blocks', { blockedUserId: bea.user.id })).statusCode).toBe(409);
    const forged = await ana.request('POST', '/api/blocks', { blockerId: bea.user.id, blockedUserId: ana.user.id });
    expect(forged.statusCode).toBe(403);
    expect((await ana.request('POST', '/api/blocks', { blockedUserId: 'x' })).statusCode).toBe(400);
  });

  it('lets only the blocker unblock: anyone else gets 404 and the block stays', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const created = await block(ana, bea);
    expect((await bea.request('DELETE', `/api/blocks/${created.id}`)).statusCode).toBe(404);
    expect((await ana.request('GET', `/api/blocks/${ana.user.id}`)).json()).toHaveLength(1);
    expect((await bea.request('GET', `/api/blocks/${ana.user.id}`)).statusCode).toBe(403);
    expect((await ana.request('DELETE', `/api/blocks/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('stops likes across the block until it is lifted', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const created = await block(ana, bea);
    expect((await swipe(bea, ana)).statusCode).toBe(404);
    await ana.request('DELETE', `/api/blocks/${created.id}`);
    expect((await swipe(bea, ana)).statusCode).toBe(201);
  });
});

describe('reports', () => {
  it('removes the reported member from her discovery for good (by id or by username), and only from hers', async () => {
    const here = { location: 'Billings, Montana' };
    const ana = await member(t, here);
    const bea = await member(t, here);
    const cleo = await member(t, here);
    const dana = await member(t, here);
    expect(await feedIds(ana)).toEqual(expect.arrayContaining([bea.user.id, cleo.user.id]));

    const byId = await ana.request('POST', '/api/reports', { reportedUserId: bea.user.id, reason: 'fake_profile' });
    expect(byId.statusCode).toBe(202);
    const byName = await ana.request('POST', '/api/reports', { reportedUsername: cleo.user.username, reason: 'other' });
    expect(byName.statusCode).toBe(202);
    await drainJobs(t);
    const feed = await feedIds(ana);
    expect(feed).not.toContain(bea.user.id);
    expect(feed).not.toContain(cleo.user.id);
    expect(feed).toContain(dana.user.id);

    // A moderator closing the report does not bring her back.
    await t.database.db.execute(sql`update reports set status = 'closed' where reporter_id = ${ana.user.id}`);
    expect(await feedIds(ana)).not.toContain(bea.user.id);
    // Her report changes nobody else's discovery, and tells Bea nothing: Bea still sees Ana.
    expect(await feedIds(dana)).toEqual(expect.arrayContaining([bea.user.id, cleo.user.id]));
    expect(await feedIds(bea)).toContain(ana.user.id);
  });

  it('files a report by user id or by username, answers without naming anyone, and lists only her own', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const cleo = await member(t);

    const byId = await ana.request('POST', '/api/reports', {
      reporterId: ana.user.id,
      reportedUserId: bea.user.id,
      reason: 'fake_profile',
      description: '  Photos are from a stock site.  ',
    });
    expect(byId.statusCode).toBe(202);
    expect(byId.json()).toEqual({ ok: true, message: REPORT_RECEIVED_MESSAGE });

    const byName = await ana.request('POST', '/api/reports', {
      reportedUsername: `@${cleo.user.username.toUpperCase()}`,
      reason: 'other',
    });
    expect(byName.statusCode).toBe(202);
    expect(byName.body).not.toContain(cleo.user.id);
    await drainJobs(t);

    const mine = (await ana.request('GET', `/api/reports/${ana.user.id}`)).json();
    // By username: the name as she typed it, never who it turned out to be.
    expect(JSON.stringify(mine)).not.toContain(cleo.user.id);
    expect(mine).toMatchObject([
      {
        reportedUser: { name: `@${cleo.user.username.toUpperCase()}` },
        reason: 'other',
        description: null,
        status: 'received',
      },
      {
        reportedUserId: bea.user.id,
        reportedUser: { id: bea.user.id, name: bea.user.name },
        reason: 'fake_profile',
        description: 'Photos are from a stock site.',
        status: 'received',
        messagesAttached: false,
      },
    ]);

    // Bea never learns who reported her: her list is hers only, and Ana's is closed to her.
    expect((await bea.request('GET', `/api/reports/${bea.user.id}`)).json()).toEqual([]);
    expect((await bea.request('GET', `/api/reports/${ana.user.id}`)).statusCode).toBe(403);
  });

  it('accepts each of the 8 reasons', async () => {
    const ana = await member(t);
    const bea = await member(t);
    for (const reason of REPORT_REASON_VALUES) {
      const response = await ana.request('POST', '/api/reports', { reportedUserId: bea.user.id, reason });
      expect(response.statusCode, reason).toBe(202);
    }
    const mine = (await ana.request('GET', `/api/reports/${ana.user.id}`)).json<{ reason: string }[]>();
    expect(mine.map((r) => r.reason).sort()).toEqual([...REPORT_REASON_VALUES].sort());
  });

  it.each([
    ['an unknown reason', { reason: 'rude' }, 400],
    ['a description over 1000 characters', { description: 'x'.repeat(1001) }, 400],
    ['no one to report', { reportedUserId: undefined }, 400],
    ['both id and username', { reportedUsername: 'someone' }, 400],
    ['messages without a conversation', { includeMessages: true }, 400],
    ['an @ with no name', { reportedUserId: undefined, reportedUsername: ' @ ' }, 400],
    ['a name no member could have', { reportedUserId: undefined, reportedUsername: 'rita tryout!' }, 400],
    [
      'a conversation with a username',
      { reportedUserId: undefined, reportedUsername: 'bea', matchId: randomUUID() },
      400,
    ],
  ])('refuses %s', async (_case, change, status) => {
    const ana = await member(t);
    const bea = await member(t);
    const response = await ana.request('POST', '/api/reports', {
      reportedUserId: bea.user.id,
      reason: 'spam_or_scam',
      ...change,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toEqual(expect.any(String));
    expect((await ana.request('GET', `/api/reports/${ana.user.id}`)).json()).toEqual([]);
  });

  it('answers an unknown member and a repeat like any report, storing nothing new', async () => {
    const ana = await member(t);
    const bea = await member(t);
    for (const body of [
      { reportedUserId: randomUUID(), reason: 'other' },
      { reportedUserId: bea.user.id, reason: 'other' },
      { reportedUserId: bea.user.id, reason: 'other' },
    ]) {
      const response = await ana.request('POST', '/api/reports', body);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ ok: true, message: REPORT_RECEIVED_MESSAGE });
    }
    expect((await ana.request('GET', `/api/reports/${ana.user.id}`)).json()).toHaveLength(1);
  });

  it('adds what a repeat says to her open report, by id or by username, without counting it or a retry twice', async () => {
    const ana = await member(t);
    const [bea, cleo] = [await member(t), await member(t)];
    const file = async (body: Record<string, unknown>) => {
      expect(
        (await ana.request('POST', '/api/reports', { reason: 'harassment_or_bullying', ...body })).statusCode,
      ).toBe(202);
      await drainJobs(t);
    };
    await file({ reportedUserId: bea.user.id, description: 'She insulted me.' });
    await file({ reportedUserId: bea.user.id });
    await file({ reportedUserId: bea.user.id, description: 'She showed up at my work today.' });
    // A retry after a lost answer sends the same words again: they are there once.
    await file({ reportedUserId: bea.user.id, description: 'She showed up at my work today.' });
    await file({ reportedUserId: bea.user.id, description: 'She insulted me.' });
    await file({ reportedUsername: cleo.user.username, description: 'Threats in chat.' });
    await file({ reportedUsername: cleo.user.username, description: 'Threats in chat.' });
    await file({ reportedUsername: cleo.user.username, description: 'More threats by text.' });
    await file({ reportedUsername: cleo.user.username, description: 'More threats by text.' });

    const against = async (userId: string) =>
      t.database.db
        .select({ description: reports.description })
        .from(reports)
        .where(and(eq(reports.reporterId, ana.user.id), eq(reports.reportedUserId, userId)));
    expect(await against(bea.user.id)).toEqual([
      { description: 'She insulted me.\n\nShe showed up at my work today.' },
    ]);
    expect(await against(cleo.user.id)).toEqual([{ description: 'Threats in chat.\n\nMore threats by text.' }]);
    const mine = (await ana.request('GET', `/api/reports/${ana.user.id}`)).json<{ description: string }[]>();
    expect(mine.map((r) => r.description)).toEqual([
      'Threats in chat.\n\nMore threats by text.',
      'She insulted me.\n\nShe showed up at my work today.',
    ]);
  });

  it('by username, says truthfully what happens, in the same words whether or not the name exists', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const answers = [];
    for (const username of ['nobody_by_this_name', bea.user.username]) {
      const response = await ana.request('POST', '/api/reports', { reportedUsername: username, reason: 'other' });
      expect(response.statusCode).toBe(202);
      answers.push(response.json().message.replace(username, 'NAME'));
      expect(response.json().message).toBe(`Thank you. If @${username} is on Steep, our team will review your report.`);
    }
    expect(answers[0]).toBe(answers[1]);
  });

  it('by username, lists, counts and exports a member’s name exactly as a name nobody has', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const filed: Record<string, unknown>[] = [];
    for (const username of ['nobody_by_this_name', bea.user.username]) {
      const response = await ana.request('POST', '/api/reports', {
        reportedUsername: username,
        reason: 'fake_profile',
        description: 'Not who she says',
      });
      expect(response.statusCode).toBe(202);
      await drainJobs(t);
      const mine = (await ana.request('GET', `/api/reports/${ana.user.id}`)).json<Record<string, unknown>[]>();
      filed.push(mine[0] ?? {});
    }
    const shape = ({ id, reportedUserId, reportedUser, createdAt, ...rest }: Record<string, unknown>) => {
      const user = reportedUser as { id: string; name: string };
      expect([reportedUserId, user.id]).toEqual([id, id]);
      expect(createdAt).toEqual(expect.any(String));
      return { ...rest, name: user.name.replace(/@.*/, '@NAME') };
    };
    expect(filed.map(shape)).toEqual([
      {
        reason: 'fake_profile',
        description: 'Not who she says',
        status: 'received',
        messagesAttached: false,
        name: '@NAME',
      },
      {
        reason: 'fake_profile',
        description: 'Not who she says',
        status: 'received',
        messagesAttached: false,
        name: '@NAME',
      },
    ]);
    expect((await ana.request('GET', `/api/safety/${ana.user.id}/summary`)).json()).toMatchObject({ reportsFiled: 2 });

    const exported = await ana.request('GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(bea.user.id);
    expect(exported.json()).toMatchObject({
      reportsFiled: [],
      reportedUsernames: [
        { username: 'nobody_by_this_name', reason: 'fake_profile' },
        { username: bea.user.username, reason: 'fake_profile' },
      ],
    });

    // The moderators have the report against Bea (and nothing for the name nobody has), however she filed it.
    const stored = await t.database.db
      .select({ reportedUserId: reports.reportedUserId })
      .from(reports)
      .where(eq(reports.reporterId, ana.user.id));
    expect(stored).toEqual([{ reportedUserId: bea.user.id }]);
  });

  it('by username, keeps one entry per name and reason, and files it again once a moderator closed it', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const fileByName = async () => {
      const body = { reportedUsername: bea.user.username.toUpperCase(), reason: 'spam_or_scam' };
      expect((await ana.request('POST', '/api/reports', body)).statusCode).toBe(202);
      await drainJobs(t);
    };
    const against = async () =>
      (
        await t.database.db
          .select({ status: reports.status })
          .from(reports)
          .where(and(eq(reports.reporterId, ana.user.id), eq(reports.reportedUserId, bea.user.id)))
          .orderBy(asc(reports.createdAt))
      ).map((r) => r.status);
    await fileByName();
    await fileByName();
    expect(await against()).toEqual(['received']);
    await t.database.db.execute(sql`update reports set status = 'closed' where reporter_id = ${ana.user.id}`);
    await fileByName();
    expect(await against()).toEqual(['closed', 'received']);
    expect((await ana.request('GET', `/api/reports/${ana.user.id}`)).json()).toHaveLength(1);
  });

  it('lists a report filed by username again from her profile as a report about her (one report for moderators)', async () => {
    const ana = await member(t);
    const bea = await member(t);
    await ana.request('POST', '/api/reports', { reportedUsername: bea.user.username, reason: 'other' });
    await drainJobs(t);
    await ana.request('POST', '/api/reports', { reportedUserId: bea.user.id, reason: 'other' });
    const mine = (await ana.request('GET', `/api/reports/${ana.user.id}`)).json<{ reportedUser: { name: string } }[]>();
    expect(mine.map((r) => r.reportedUser.name).sort()).toEqual([`@${bea.user.username}`, bea.user.name].sort());
    const stored = await t.database.db.select().from(reports).where(eq(reports.reporterId, ana.user.id));
    expect(stored.map((r) => r.byUsernameOnly)).toEqual([false]);
  });

  it('refuses reporting herself (400) and as someone else (403)', async () => {
    const ana = await member(t);
    const bea = await member(t);
    expect(
      (await ana.request('POST', '/api/reports', { reportedUserId: ana.user.id, reason: 'other' })).statusCode,
    ).toBe(400);
    const byName = await ana.request('POST', '/api/reports', {
      reportedUsername: ana.user.username,
      reason: 'harassment_or_bullying',
    });
    expect(byName.statusCode).toBe(400);
    expect(byName.json()).toMatchObject({ message: 'You cannot report yourself' });
    const forged = await ana.request('POST', '/api/reports', {
      reporterId: bea.user.id,
      reportedUserId: bea.user.id,
      reason: 'other',
    });
    expect(forged.statusCode).toBe(403);
    expect((await ana.request('GET', `/api/reports/${ana.user.id}`)).json()).toEqual([]);
  });
});

describe('the Safety Center counters', () => {
  it('counts her reports filed, her blocks and her photo verification, for her only', async () => {
    const ana = await member(t);
    const [bea, cleo] = [await member(t), await member(t)];
    const summary = async () => (await ana.request('GET', `/api/safety/${ana.user.id}/summary`)).json();
    expect(await summary()).toEqual({ reportsFiled: 0, usersBlocked: 0, photoVerified: false });
    await ana.request('POST', '/api/reports', { reportedUserId: bea.user.id, reason: 'other' });
    await block(ana, bea);
    await block(ana, cleo);
    await setProfile(t, ana, { isVerified: true });
    expect(await summary()).toEqual({ reportsFiled: 1, usersBlocked: 2, photoVerified: true });
    expect((await bea.request('GET', `/api/safety/${ana.user.id}/summary`)).statusCode).toBe(403);
  });
});
