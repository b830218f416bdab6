import type { SubscriptionStatus } from '../../../contract/users';
import type { Db } from '../../db/client';
import { findUser, hasActivePremium, setPremiumUntil } from '../profiles/users';

/** The demo grant gives one month, as a monthly plan would. */
const TEST_GRANT_MS = 30 * 24 * 60 * 60_000;

export async function subscriptionStatusOf(db: Db, userId: string): Promise<SubscriptionStatus | undefined> {
  const user = await findUser(db, userId);
  return user && { hasActiveSubscription: hasActivePremium(user) };
}

export async function grantTestSubscription(db: Db, userId: string): Promise<SubscriptionStatus> {
  await setPremiumUntil(db, userId, new Date(Date.now() + TEST_GRANT_MS));
  return { hasActiveSubscription: true };
}

export async function isPremium(db: Db, userId: string): Promise<boolean> {
  const user = await findUser(db, userId);
  return user !== undefined && hasActivePremium(user);
}
