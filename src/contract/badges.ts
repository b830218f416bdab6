import { z } from 'zod';

/**
 * Badges and achievements, earned from real activity (product §1 extras, 3 Badge/UserBadge, 7 badges). The
 * catalogue lives here once; the server's rules (src/server/features/badges/rules.ts) compute each badge's
 * progress from the owning features' data, and the web shows what the server says.
 */

import { BADGE_CATEGORIES, BADGE_IDS, BADGES, badgeById, type BadgeId } from './badge-catalogue';
import { BADGE_TEXT } from './badge-text';

export * from './badge-catalogue';

/** A badge with its English words, as the API serves it. */
export const describedBadge = (id: BadgeId) => ({ ...badgeById(id)!, ...BADGE_TEXT[id], id });
/** The whole catalogue with its English words. */
export const DESCRIBED_BADGES = BADGES.map((b) => describedBadge(b.id));

const badgeSchema = z.object({
  id: z.enum(BADGE_IDS),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.enum(BADGE_CATEGORIES),
  color: z.string(),
  rule: z.string(),
  maxProgress: z.number().int().positive(),
});
export const badgeCatalogue = z.object({ badges: z.array(badgeSchema) });

/**
 * An earned badge as other members see it, on her card and public profile: what it is, never her
 * progress or when she earned it (a date could point at the Tea story that earned it).
 */
export const publicBadge = badgeSchema.pick({ id: true, name: true, description: true, icon: true, color: true });
export type PublicBadge = z.infer<typeof publicBadge>;

export function presentPublicBadge(id: BadgeId): PublicBadge {
  const { name, description, icon, color } = describedBadge(id);
  return { id, name, description, icon, color };
}

/** Her own view: earned ones with the date, the rest with progress. Others see only `earned` entries. */
export const userBadge = z.object({
  id: z.enum(BADGE_IDS),
  badge: badgeSchema,
  earnedAt: z.string().nullable(),
  progress: z.number().int().nonnegative(),
  maxProgress: z.number().int().positive(),
});
export type UserBadge = z.infer<typeof userBadge>;
export const userBadgeList = z.object({ badges: z.array(userBadge) });
export type UserBadgeList = z.infer<typeof userBadgeList>;

/** Earned badge ids of several members at once (discovery cards, chat headers). */
export const earnedBadgesQuery = z.object({
  userIds: z
    .string()
    .max(40 * 37)
    .transform((text) => [...new Set(text.split(',').filter(Boolean))])
    .pipe(z.array(z.uuid('Invalid user id')).min(1, 'Give at least one user id').max(40, 'At most 40 members at once')),
});
export const earnedBadges = z.object({ earned: z.record(z.string(), z.array(z.enum(BADGE_IDS))) });
export type EarnedBadges = z.infer<typeof earnedBadges>;

export const checkAchievementsResponse = z.object({ newlyEarned: z.array(userBadge) });
