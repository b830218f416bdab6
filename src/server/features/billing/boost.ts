import { BOOST_COOLDOWN_MS, BOOST_DURATION_MS, type BoostStatus } from '../../../contract/billing';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { accountState, hasActiveBoost, setBoostedUntil, type AccountState } from '../../core';
import { premiumRequired, tooManyRequests } from '../../http/errors';
import { localText } from '../../i18n';

/**
 * Profile Boost (Premium): 30 minutes of 2× rank in others' discovery (the multiplier is the core's
 * `boostMultiplierSql`, used by discovery's ranking), once in any 24 hours. It counts only while
 * Premium lasts, so a lapsed subscription stops it at once without any job.
 */
export function boostStatusOf(state: AccountState | undefined, now: number): BoostStatus {
  if (!state) return { activeUntil: null, nextAvailableAt: null, available: false };
  const active = hasActiveBoost(state, now);
  const lastStart = state.boostedUntil ? state.boostedUntil.getTime() - BOOST_DURATION_MS : null;
  const next = lastStart !== null && lastStart + BOOST_COOLDOWN_MS > now ? lastStart + BOOST_COOLDOWN_MS : null;
  return {
    activeUntil: active && state.boostedUntil ? state.boostedUntil.toISOString() : null,
    nextAvailableAt: state.premium && next !== null ? new Date(next).toISOString() : null,
    available: state.premium && next === null,
  };
}

export async function getBoost(db: Db, userId: string): Promise<BoostStatus> {
  return boostStatusOf(await accountState(db, userId), Date.now());
}

export async function startBoost(db: Db, caches: DbCaches, userId: string): Promise<BoostStatus> {
  const now = Date.now();
  const state = await accountState(db, userId, now);
  if (!state?.premium) throw premiumRequired(localText('profileBoostIsA'));
  const until = new Date(now + BOOST_DURATION_MS);
  // The last boost must have started a day ago: it ended at least (day − 30 min) ago.
  const started = await setBoostedUntil(
    db,
    caches,
    userId,
    until,
    new Date(now - (BOOST_COOLDOWN_MS - BOOST_DURATION_MS)),
  );
  if (!started) {
    const status = boostStatusOf(state, now);
    const at = status.nextAvailableAt ? Date.parse(status.nextAvailableAt) : now + BOOST_COOLDOWN_MS;
    throw tooManyRequests(
      status.activeUntil ? localText('alreadyBoosted') : localText('boostUsedToday'),
      Math.max(1, Math.ceil((at - now) / 1000)),
      'LIMIT_REACHED',
    );
  }
  return boostStatusOf({ ...state, boostedUntil: until }, now);
}
