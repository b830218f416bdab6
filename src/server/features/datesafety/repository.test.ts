import { describe, expect, it } from 'vitest';
import { insertMember, useTestDatabase } from '../../test/direct';
import {
  cancelPlanOf,
  claimAlert,
  contactsOf,
  deletePlansExpiredBefore,
  insertContacts,
  insertPlan,
  livePlansOf,
  markPlanSafe,
  openPlan,
  planByLink,
  planOf,
  plansPerAddressSince,
  plansSharedSince,
  type PlanRow,
} from './repository';

/** Share My Date's plans and contacts straight on the database: no app, no HTTP. */
const db = useTestDatabase();

const HOUR = 3_600_000;
const GRACE = 15 * 60_000;
const at = (fromNow: number) => new Date(Date.now() + fromNow);
let links = 0;

/** A plan of hers two hours from now with a check-in, and one contact per address; the plan and its links' hashes. */
async function plan(
  userId: string,
  row: Partial<PlanRow> = {},
  addresses: string[] = ['mum@example.com'],
): Promise<{ plan: PlanRow; links: string[] }> {
  const startsAt = row.startsAt ?? at(2 * HOUR);
  const made = await insertPlan(db(), {
    userId,
    place: 'Café Luna',
    startsAt,
    timeZone: 'Europe/Madrid',
    checkInAt: at(4 * HOUR),
    expiresAt: new Date(startsAt.getTime() + 24 * HOUR),
    ...row,
  });
  const contacts = await insertContacts(
    db(),
    addresses.map((address, index) => ({
      planId: made.id,
      userId,
      name: `Contact ${index}`,
      channel: 'email' as const,
      address,
      addressHash: `hash:${address}`,
      tokenHash: `link-${++links}`,
    })),
  );
  return { plan: made, links: contacts.map((c) => c.tokenHash) };
}

describe('the daily limits’ counts', () => {
  it('counts her plans and each address’s plans since a moment, from anyone', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const dayAgo = at(-24 * HOUR);
    const address = `friend-${Date.now()}@example.com`;
    await plan(ana.id, {}, [address, `other-${Date.now()}@example.com`]);
    await plan(ana.id, {}, [address]);
    await plan(bea.id, {}, [address]);
    expect(await plansSharedSince(db(), ana.id, dayAgo)).toBe(2);
    expect(await plansSharedSince(db(), ana.id, at(HOUR))).toBe(0);
    const perAddress = await plansPerAddressSince(db(), [`hash:${address}`, 'hash:nobody'], dayAgo);
    expect(perAddress.get(`hash:${address}`)).toBe(3);
    expect(perAddress.has('hash:nobody')).toBe(false);
  });
});

describe('reading plans', () => {
  it('lists her live plans soonest first, without cancelled or expired ones, with their contacts', async () => {
    const ana = await insertMember(db());
    const later = await plan(ana.id, { startsAt: at(5 * HOUR) }, ['b@example.com', 'a@example.com']);
    const sooner = await plan(ana.id, { startsAt: at(HOUR) });
    const cancelled = await plan(ana.id);
    await cancelPlanOf(db(), ana.id, cancelled.plan.id, new Date());
    await plan(ana.id, { startsAt: at(-30 * HOUR) });
    const live = await livePlansOf(db(), ana.id, new Date());
    expect(live.map((p) => p.id)).toEqual([sooner.plan.id, later.plan.id]);
    const contacts = await contactsOf(db(), [later.plan.id]);
    expect(
      contacts
        .get(later.plan.id)
        ?.map((c) => c.address)
        .sort(),
    ).toEqual(['a@example.com', 'b@example.com']);
  });

  it('finds a plan by a contact’s link, and only hers by id', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const { plan: hers, links: hersLinks } = await plan(ana.id);
    expect((await planByLink(db(), hersLinks[0]!))?.id).toBe(hers.id);
    expect(await planByLink(db(), 'no such link')).toBeUndefined();
    expect((await planOf(db(), ana.id, hers.id))?.id).toBe(hers.id);
    expect(await planOf(db(), bea.id, hers.id)).toBeUndefined();
  });
});

describe('her answers and the check-in', () => {
  it('marks her plan safe once, and never someone else’s or a cancelled one', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const { plan: hers } = await plan(ana.id);
    expect(await markPlanSafe(db(), bea.id, hers.id, new Date())).toBeUndefined();
    expect((await markPlanSafe(db(), ana.id, hers.id, new Date()))?.safeAt).toBeInstanceOf(Date);
    expect(await markPlanSafe(db(), ana.id, hers.id, new Date())).toBeUndefined();
    const { plan: cancelled } = await plan(ana.id);
    expect(await cancelPlanOf(db(), ana.id, cancelled.id, new Date())).toBeDefined();
    expect(await cancelPlanOf(db(), ana.id, cancelled.id, new Date())).toBeUndefined();
    expect(await markPlanSafe(db(), ana.id, cancelled.id, new Date())).toBeUndefined();
    expect(await openPlan(db(), cancelled.id)).toBeUndefined();
  });

  it('claims the alert once, only after the grace, and never for a plan she marked safe', async () => {
    const ana = await insertMember(db());
    const { plan: due } = await plan(ana.id, { checkInAt: at(-HOUR) });
    expect(await claimAlert(db(), due.id, at(-HOUR), GRACE)).toBeUndefined();
    const claims = await Promise.all([
      claimAlert(db(), due.id, new Date(), GRACE),
      claimAlert(db(), due.id, new Date(), GRACE),
    ]);
    expect(claims.filter((claimed) => claimed?.id === due.id)).toHaveLength(1);
    expect(await openPlan(db(), due.id)).toBeUndefined();
    const { plan: safe } = await plan(ana.id, { checkInAt: at(-HOUR) });
    await markPlanSafe(db(), ana.id, safe.id, new Date());
    expect(await claimAlert(db(), safe.id, new Date(), GRACE)).toBeUndefined();
  });

  it('purges plans expired before a moment, with their contacts', async () => {
    const ana = await insertMember(db());
    const { plan: old, links: oldLinks } = await plan(ana.id, { startsAt: at(-40 * 24 * HOUR) });
    const { plan: recent } = await plan(ana.id);
    await deletePlansExpiredBefore(db(), at(-7 * 24 * HOUR));
    expect(await planOf(db(), ana.id, old.id)).toBeUndefined();
    expect(await planByLink(db(), oldLinks[0]!)).toBeUndefined();
    expect((await planOf(db(), ana.id, recent.id))?.id).toBe(recent.id);
  });
});
