import { describe, expect, it } from 'vitest';
import { insertMember, useTestDatabase } from '../../test/direct';
import { users as memberRows } from '../../test/tables';
import {
  claimReport,
  closeReportsAgainst,
  countOpenReportGroups,
  countReportsFiledBy,
  findOpenReport,
  frozenMessagesOf,
  hasOpenReportBy,
  holdFromDiscovery,
  insertReport,
  isHeldFromDiscovery,
  markReportsUnderReview,
  notHeldFromDiscovery,
  notReportedBy,
  openReportGroupRows,
  openUnderageReporters,
  reportMediaKeysOf,
  reportRowsAgainst,
  reportsFiledBy,
  upsertUsernameReport,
  usernameReportsFiledBy,
  type NewReportMessage,
} from './repository';

/** Reports, their frozen messages and the discovery holds straight on the database: no app, no HTTP. */
const db = useTestDatabase();

async function members(n: number) {
  return Promise.all(Array.from({ length: n }, () => insertMember(db())));
}

function report(reporterId: string, reportedUserId: string, reason = 'spam', messages: NewReportMessage[] = []) {
  return insertReport(db(), { reporterId, reportedUserId, reason, description: null }, messages);
}

function copy(content: string, mediaKey: string | null = null): NewReportMessage {
  return { messageId: crypto.randomUUID(), senderId: crypto.randomUUID(), content, sentAt: new Date(), mediaKey };
}

/** Which of `ids` a members query filtered by `condition` keeps. */
async function kept(ids: string[], condition: ReturnType<typeof notHeldFromDiscovery>) {
  const rows = await db().select({ id: memberRows.id }).from(memberRows).where(condition);
  return rows.map((r) => r.id).filter((id) => ids.includes(id));
}

describe('filing', () => {
  it('finds her open report by person, reason and meetup, and no other', async () => {
    const [ana, bea] = await members(2);
    const id = await report(ana!.id, bea!.id, 'spam');
    const about = { reporterId: ana!.id, reportedUserId: bea!.id, eventId: null };
    expect(await findOpenReport(db(), { ...about, reason: 'spam' })).toEqual({ id, byUsernameOnly: false });
    expect(await findOpenReport(db(), { ...about, reason: 'harassment' })).toBeUndefined();
    expect(await findOpenReport(db(), { ...about, reason: 'spam', eventId: crypto.randomUUID() })).toBeUndefined();
    await closeReportsAgainst(db(), bea!.id, 'closed');
    expect(await findOpenReport(db(), { ...about, reason: 'spam' })).toBeUndefined();
  });

  it('stores the frozen messages in the order given, and lists their media keys for her account deletion', async () => {
    const [ana, bea] = await members(2);
    const id = await report(ana!.id, bea!.id, 'harassment', [copy('first'), copy('second', 'k1.jpg'), copy('third')]);
    const frozen = await frozenMessagesOf(db(), [id]);
    expect(frozen.map((m) => [m.content, m.position])).toEqual([
      ['first', 0],
      ['second', 1],
      ['third', 2],
    ]);
    expect(await reportMediaKeysOf(db(), ana!.id)).toEqual(['k1.jpg']);
    expect(await reportMediaKeysOf(db(), bea!.id)).toEqual([]);
    expect(await frozenMessagesOf(db(), [])).toEqual([]);
  });

  it('counts distinct open underage reporters only', async () => {
    const [subject, one, two] = await members(3);
    await report(one!.id, subject!.id, 'underage_user');
    await report(one!.id, subject!.id, 'underage_user');
    await report(two!.id, subject!.id, 'spam');
    expect(await openUnderageReporters(db(), subject!.id)).toBe(1);
    await report(two!.id, subject!.id, 'underage_user');
    expect(await openUnderageReporters(db(), subject!.id)).toBe(2);
    await closeReportsAgainst(db(), subject!.id, 'closed');
    expect(await openUnderageReporters(db(), subject!.id)).toBe(0);
  });

  it('lists her own reports newest first, saying which carry messages', async () => {
    const [ana, bea, cai] = await members(3);
    const older = await report(ana!.id, bea!.id, 'spam', [copy('hi')]);
    const newer = await report(ana!.id, cai!.id, 'spam');
    const rows = await reportsFiledBy(db(), ana!.id);
    expect(rows.map((r) => [r.report.id, r.messagesAttached])).toEqual([
      [newer, false],
      [older, true],
    ]);
  });
});

describe('reports by username', () => {
  it('keeps one per name (any case) and reason, and counts them with her reports but not what they were filed as', async () => {
    const [ana, bea] = await members(2);
    const row = { reporterId: ana!.id, username: 'Bea_X', reason: 'spam', description: null };
    const first = await upsertUsernameReport(db(), row);
    expect(await upsertUsernameReport(db(), { ...row, username: 'bea_x', description: 'again' })).toEqual({
      ...first,
      description: 'again',
    });
    const other = await upsertUsernameReport(db(), { ...row, reason: 'other' });
    expect((await usernameReportsFiledBy(db(), ana!.id)).map((r) => r.id)).toEqual([other.id, first.id]);

    // What it was filed as stays out of her list and count until she files it herself, from a profile.
    const filedAs = await insertReport(
      db(),
      { reporterId: ana!.id, reportedUserId: bea!.id, reason: 'spam', byUsernameOnly: true },
      [],
    );
    expect(await reportsFiledBy(db(), ana!.id)).toEqual([]);
    expect(await countReportsFiledBy(db(), ana!.id)).toBe(2);
    await claimReport(db(), filedAs);
    expect((await reportsFiledBy(db(), ana!.id)).map((r) => r.report.id)).toEqual([filedAs]);
    expect(await countReportsFiledBy(db(), ana!.id)).toBe(3);
  });
});

describe('review', () => {
  it('groups open reports per member, most severe first, and closing ends the group', async () => {
    const [subject, other, r1, r2] = await members(4);
    await report(r1!.id, subject!.id, 'spam');
    await report(r2!.id, subject!.id, 'underage_user');
    await report(r1!.id, other!.id, 'spam');
    const before = await countOpenReportGroups(db());
    const groups = await openReportGroupRows(db(), 1000);
    const mine = groups.find((g) => g.reportedUserId === subject!.id);
    expect(mine).toMatchObject({ openReports: 2, priority: false });
    expect([...mine!.reasons].sort()).toEqual(['spam', 'underage_user']);
    expect(groups.findIndex((g) => g.reportedUserId === subject!.id)).toBeLessThan(
      groups.findIndex((g) => g.reportedUserId === other!.id),
    );
    expect(await closeReportsAgainst(db(), subject!.id, 'action_taken')).toBe(2);
    expect(await countOpenReportGroups(db())).toBe(before - 1);
  });

  it('moves received reports under review, open ones first in her case, and knows who filed them', async () => {
    const [subject, r1, r2] = await members(3);
    const closed = await report(r1!.id, subject!.id, 'spam');
    await closeReportsAgainst(db(), subject!.id, 'closed');
    const open = await report(r2!.id, subject!.id, 'harassment');
    await markReportsUnderReview(db(), subject!.id);
    const rows = await reportRowsAgainst(db(), subject!.id);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [open, 'under_review'],
      [closed, 'closed'],
    ]);
    expect(await hasOpenReportBy(db(), subject!.id, r2!.id)).toBe(true);
    expect(await hasOpenReportBy(db(), subject!.id, r1!.id)).toBe(false);
  });
});

describe('discovery', () => {
  it('a hold hides her until her reports are closed', async () => {
    const [held, free] = await members(2);
    await holdFromDiscovery(db(), held!.id, 'underage_user');
    await holdFromDiscovery(db(), held!.id, 'underage_user');
    expect(await isHeldFromDiscovery(db(), held!.id)).toBe(true);
    const ids = [held!.id, free!.id];
    expect(await kept(ids, notHeldFromDiscovery(memberRows.id))).toEqual([free!.id]);
    await closeReportsAgainst(db(), held!.id, 'closed');
    expect(await isHeldFromDiscovery(db(), held!.id)).toBe(false);
  });

  it('someone she reported is gone from her discovery for good, and only from hers', async () => {
    const [ana, bea, cai] = await members(3);
    await report(ana!.id, bea!.id);
    await closeReportsAgainst(db(), bea!.id, 'closed');
    const ids = [bea!.id, cai!.id];
    expect(await kept(ids, notReportedBy(ana!.id, memberRows.id))).toEqual([cai!.id]);
    expect((await kept(ids, notReportedBy(cai!.id, memberRows.id))).sort()).toEqual([...ids].sort());
  });
});
