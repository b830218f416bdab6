import { describe, expect, it } from 'vitest';
import { insertMember, useTestDatabase } from '../../test/direct';
import {
  countWrongEmailCode,
  deleteEmailCode,
  findEmailCode,
  insertPasswordReset,
  resetsSince,
  resetOwner,
  saveEmailCode,
  spendReset,
  spendResetsOf,
} from './repository';

/** Email codes and reset links straight on the database: no app, no HTTP. */
const db = useTestDatabase();

const MINUTE = 60_000;
let tokens = 0;
/** A reset link of hers made at `createdAt`, valid 30 minutes; its (already hashed) token. */
async function reset(userId: string, createdAt = new Date()): Promise<string> {
  tokens += 1;
  const tokenHash = `hash-${tokens}-${userId}`;
  await insertPasswordReset(db(), {
    tokenHash,
    userId,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 30 * MINUTE),
  });
  return tokenHash;
}

describe('email codes', () => {
  it('keeps one code per member: a new one replaces the last and its wrong tries', async () => {
    const ana = await insertMember(db());
    const code = { userId: ana.id, codeHash: 'first', attempts: 0, expiresAt: new Date(Date.now() + 10 * MINUTE) };
    expect(await countWrongEmailCode(db(), ana.id)).toBe(0);
    await saveEmailCode(db(), { ...code, email: 'ana@example.com' });
    expect(await countWrongEmailCode(db(), ana.id)).toBe(1);
    expect(await countWrongEmailCode(db(), ana.id)).toBe(2);
    expect(await findEmailCode(db(), ana.id)).toMatchObject({ codeHash: 'first', attempts: 2 });
    await saveEmailCode(db(), { ...code, email: 'ana@example.org', codeHash: 'second' });
    expect(await findEmailCode(db(), ana.id)).toMatchObject({
      email: 'ana@example.org',
      codeHash: 'second',
      attempts: 0,
    });
    await deleteEmailCode(db(), ana.id);
    expect(await findEmailCode(db(), ana.id)).toBeUndefined();
  });
});

describe('password resets', () => {
  it('counts her links made after a moment, not others’', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const now = Date.now();
    await reset(ana.id, new Date(now - 2 * 60 * MINUTE));
    await reset(ana.id, new Date(now - 10 * MINUTE));
    await reset(ana.id, new Date(now - MINUTE));
    await reset(bea.id, new Date(now - MINUTE));
    expect(await resetsSince(db(), ana.id, new Date(now - 60 * MINUTE))).toBe(2);
  });

  it('spends a link once: the second try, even at the same time, gets nothing', async () => {
    const ana = await insertMember(db());
    const link = await reset(ana.id);
    const now = new Date();
    expect(await resetOwner(db(), link, now)).toBeDefined();
    const both = await Promise.all([spendReset(db(), link, now), spendReset(db(), link, now)]);
    expect(both.filter((userId) => userId === ana.id)).toHaveLength(1);
    expect(both).toContain(undefined);
    expect(await resetOwner(db(), link, now)).toBeUndefined();
  });

  it('refuses an expired or unknown link', async () => {
    const ana = await insertMember(db());
    const link = await reset(ana.id, new Date(Date.now() - 31 * MINUTE));
    expect(await resetOwner(db(), link, new Date())).toBeUndefined();
    expect(await spendReset(db(), link, new Date())).toBeUndefined();
    expect(await spendReset(db(), 'no such hash', new Date())).toBeUndefined();
  });

  it('spends every open link of hers and leaves others’ usable', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const hers = [await reset(ana.id), await reset(ana.id)];
    const other = await reset(bea.id);
    const now = new Date();
    await spendResetsOf(db(), ana.id, now);
    for (const link of hers) expect(await resetOwner(db(), link, now)).toBeUndefined();
    expect(await resetOwner(db(), other, now)).toBeDefined();
  });
});
