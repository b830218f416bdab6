import { EARLY_BIRD_MEMBERS, type BadgeId } from '../../../contract/badges';
import { profileCompleteness } from '../../../contract/profiles';
import { accountState, memberNumber } from '../../core';
import type { Db } from '../../db/client';
import { chatActivityOf } from '../chat';
import { eventActivityOf } from '../events';
import { countMatches } from '../matches';
import { dayStreakOf, getSelfUser } from '../profiles';
import type { TeaAuthorship } from '../tea';

/*
 * How far she is towards each badge, computed from the owning features' own counts (never their
 * tables). A badge without a rule here is shown but cannot be earned yet.
 *
 * The hook for a new feature's badges (Safety Ally next): export a
 * count from that feature, add the rule below, and list the domain event that can change it in
 * `badgesSubscriptions` (subscriptions.ts). Nothing else changes.
 */

/** Rules that share one query are computed together per evaluation (see `progressOf`). */
interface Facts {
  matches: () => Promise<number>;
  chat: () => ReturnType<typeof chatActivityOf>;
  events: () => ReturnType<typeof eventActivityOf>;
  account: () => ReturnType<typeof accountState>;
  streak: () => Promise<number>;
  tea: () => ReturnType<TeaAuthorship['activityOf']>;
}

/** What the rules read beyond the database: Tea recognises her stories only with its author key (app.ts). */
export interface BadgeSources {
  tea: Pick<TeaAuthorship, 'activityOf'>;
}

function factsFor(db: Db, sources: BadgeSources, userId: string, now: Date): Facts {
  const once = <T>(load: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= load());
  };
  return {
    matches: once(() => countMatches(db, userId)),
    chat: once(() => chatActivityOf(db, userId)),
    events: once(() => eventActivityOf(db, userId)),
    account: once(() => accountState(db, userId)),
    streak: once(() => dayStreakOf(db, userId, now)),
    tea: once(() => sources.tea.activityOf(db, userId)),
  };
}

const RULES: Partial<Record<BadgeId, (facts: Facts, db: Db, userId: string) => Promise<number>>> = {
  first_match: (f) => f.matches(),
  social_butterfly: (f) => f.matches(),
  conversation_starter: async (f) => (await f.chat()).messagesSent,
  icebreaker: async (f) => (await f.chat()).icebreakersSent,
  good_listener: async (f) => (await f.chat()).conversationsRepliedIn,
  week_streak: (f) => f.streak(),
  month_streak: (f) => f.streak(),
  profile_pro: async (_f, db, userId) => {
    const user = await getSelfUser(db, userId);
    return user ? profileCompleteness(user) : 0;
  },
  early_bird: async (_f, db, userId) => {
    const n = await memberNumber(db, userId);
    return n > 0 && n <= EARLY_BIRD_MEMBERS ? 1 : 0;
  },
  verified: async (f) => ((await f.account())?.verified ? 1 : 0),
  premium_member: async (f) => ((await f.account())?.premium ? 1 : 0),
  host: async (f) => (await f.events()).hosted,
  regular: async (f) => (await f.events()).attended,
  storyteller: async (f) => (await f.tea()).storiesPosted,
  supportive: async (f) => (await f.tea()).storiesSupported,
  tea_critic: async (f) => (await f.tea()).reviewsWritten,
};

export const RULED_BADGES = Object.keys(RULES) as BadgeId[];

/** Progress of each asked badge that has a rule. */
export async function progressOf(
  db: Db,
  sources: BadgeSources,
  userId: string,
  ids: readonly BadgeId[],
  now = new Date(),
): Promise<Map<BadgeId, number>> {
  const facts = factsFor(db, sources, userId, now);
  const result = new Map<BadgeId, number>();
  for (const id of ids) {
    const rule = RULES[id];
    if (rule) result.set(id, await rule(facts, db, userId));
  }
  return result;
}
