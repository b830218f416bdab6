import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMember, useTestDatabase } from '../../test/direct';
import { moderationActions } from '../../test/tables';
import { actionsAbout, listAudit, recordAction, type NewAction } from './repository';

/** The audit log straight on the database: no app, no HTTP. */
const db = useTestDatabase();

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

function action(moderatorId: string, subjectUserId: string, row: Partial<NewAction> = {}) {
  return recordAction(db(), { moderatorId, subjectUserId, action: 'warn', reason: 'Rude messages', ...row });
}

describe('recordAction', () => {
  it('logs an action that can then be neither changed nor deleted', async () => {
    const [moderator, subject] = await Promise.all([insertMember(db()), insertMember(db())]);
    const row = await action(moderator.id, subject.id, { rule: 'harassment' });
    expect(row).toMatchObject({ moderatorId: moderator.id, subjectUserId: subject.id, rule: 'harassment' });
    await expect(
      db().update(moderationActions).set({ reason: 'Nothing' }).where(eq(moderationActions.id, row.id)),
    ).rejects.toThrow();
    await expect(db().delete(moderationActions).where(eq(moderationActions.id, row.id))).rejects.toThrow();
    expect(await actionsAbout(db(), [subject.id])).toEqual([expect.objectContaining({ reason: 'Rude messages' })]);
  });
});

describe('reading the log', () => {
  it('pages newest first, about one member when named, older than a moment when given', async () => {
    const [moderator, ana, bea] = await Promise.all([insertMember(db()), insertMember(db()), insertMember(db())]);
    const old = await action(moderator.id, ana.id, { createdAt: at(30) });
    const recent = await action(moderator.id, ana.id, { action: 'suspend', createdAt: at(10) });
    const other = await action(moderator.id, bea.id, { createdAt: at(20) });
    expect((await listAudit(db(), { subjectUserId: ana.id })).map((r) => r.id)).toEqual([recent.id, old.id]);
    expect((await listAudit(db(), { subjectUserId: ana.id, before: at(15).toISOString() })).map((r) => r.id)).toEqual([
      old.id,
    ]);
    const page = (await listAudit(db())).map((r) => r.id);
    expect(page.indexOf(recent.id)).toBeLessThan(page.indexOf(other.id));
    expect(page.indexOf(other.id)).toBeLessThan(page.indexOf(old.id));
    expect((await actionsAbout(db(), [ana.id, bea.id])).map((r) => r.id)).toEqual([recent.id, other.id, old.id]);
    expect(await actionsAbout(db(), [])).toEqual([]);
  });
});
