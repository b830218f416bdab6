import { EARLY_BIRD_MEMBERS, type BadgeId } from '../../../contract/badges';
import { profileCompleteness } from '../../../contract/profiles';
import { accountState, memberNumber } from '../../core';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { ChatRepository } from '../chat';
import { eventActivityOf } from '../events';
import { countMatches } from '../matches';
import { dayStreakOf, getSelfUser } from '../profiles';
import type { StoryAuthorship } from '../stories';
import { reviewsWrittenBy } from '../teas';

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
  chat: () => ReturnType<ChatRepository['activityOf']>;
  events: () => ReturnType<typeof eventActivityOf>;
  account: () => ReturnType<typeof accountState>;
  streak: () => Promise<number>;
  stories: () => ReturnType<StoryAuthorship['activityOf']>;
  reviews: () => Promise<number>;
}

/**
 * What the rules read beyond the database, handed in by app.ts: stories recognises her stories only with
 * its author key; chat keeps her activity in memory (its repository's tallies).
 */
export interface BadgeSources {
  stories: Pick<StoryAuthorship, 'activityOf'>;
  chat: Pick<ChatRepository, 'activityOf'>;
}

/** What the rules read with: the database, its caches (her cached row) and the sources. */
export interface RuleContext {
  db: Db;
  caches: DbCaches;
  sources: BadgeSources;
}

function factsFor({ db, sources }: RuleContext, userId: string, now: Date): Facts {
  const once = <T>(load: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= load());
  };
  return {
    matches: once(() => countMatches(db, userId)),
    chat: once(() => sources.chat.activityOf(userId)),
    events: once(() => eventActivityOf(db, userId)),
    account: once(() => accountState(db, userId)),
    streak: once(() => dayStreakOf(db, userId, now)),
    stories: once(() => sources.stories.activityOf(db, userId)),
    reviews: once(() => reviewsWrittenBy(db, userId)),
  };
}

const RULES: Partial<Record<BadgeId, (facts: Facts, context: RuleContext, userId: string) => Promise<number>>> = {
  first_match: (f) => f.matches(),
  social_butterfly: (f) => f.matches(),
  conversation_starter: async (f) => (await f.chat()).messagesSent,
  icebreaker: async (f) => (await f.chat()).icebreakersSent,
  good_listener: async (f) => (await f.chat()).conversationsRepliedIn,
  week_streak: (f) => f.streak(),
  month_streak: (f) => f.streak(),
  profile_pro: async (_f, { db, caches }, userId) => {
    const user = await getSelfUser(db, caches, userId);
    return user ? profileCompleteness(user) : 0;
  },
  early_bird: async (_f, { db }, userId) => {
    const n = await memberNumber(db, userId);
    return n > 0 && n <= EARLY_BIRD_MEMBERS ? 1 : 0;
  },
  verified: async (f) => ((await f.account())?.verified ? 1 : 0),
  premium_member: async (f) => ((await f.account())?.premium ? 1 : 0),
  host: async (f) => (await f.events()).hosted,
  regular: async (f) => (await f.events()).attended,
  storyteller: async (f) => (await f.stories()).storiesPosted,
  supportive: async (f) => (await f.stories()).storiesSupported,
  tea_critic: (f) => f.reviews(),
};

export const RULED_BADGES = Object.keys(RULES) as BadgeId[];

/** Progress of each asked badge that has a rule. */
export async function progressOf(
  context: RuleContext,
  userId: string,
  ids: readonly BadgeId[],
  now = new Date(),
): Promise<Map<BadgeId, number>> {
  const facts = factsFor(context, userId, now);
  const result = new Map<BadgeId, number>();
  for (const id of ids) {
    const rule = RULES[id];
    if (rule) result.set(id, await rule(facts, context, userId));
  }
  return result;
}
