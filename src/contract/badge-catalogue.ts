/**
 * The badge catalogue, without schemas or words (re-exported by ./badges): the web shows badges from its first
 * screen, before zod loads, in her language from its own catalogues. The English words the API serves are in
 * ./badge-text.ts, which the web's first paint does not carry.
 */

export const BADGE_CATEGORIES = ['social', 'tea', 'activity', 'premium', 'special'] as const;
type BadgeCategory = (typeof BADGE_CATEGORIES)[number];

interface BadgeDefinition {
  id: string;
  /** A lucide-react icon name. */
  icon: string;
  category: BadgeCategory;
  /** A Tailwind colour family used for the badge's chip. */
  color: 'plum' | 'matcha' | 'amber' | 'sky' | 'rose';
  /** Progress needed: the badge is earned when progress reaches it. */
  maxProgress: number;
}

/** The first 1 000 members are Early Birds. */
export const EARLY_BIRD_MEMBERS = 1000;

export const BADGES = [
  { id: 'first_match', icon: 'Heart', category: 'social', color: 'rose', maxProgress: 1 },
  { id: 'social_butterfly', icon: 'Sparkles', category: 'social', color: 'rose', maxProgress: 10 },
  { id: 'conversation_starter', icon: 'MessageCircle', category: 'social', color: 'plum', maxProgress: 1 },
  { id: 'icebreaker', icon: 'Snowflake', category: 'social', color: 'sky', maxProgress: 1 },
  { id: 'good_listener', icon: 'Ear', category: 'social', color: 'plum', maxProgress: 10 },
  { id: 'week_streak', icon: 'Flame', category: 'activity', color: 'amber', maxProgress: 7 },
  { id: 'month_streak', icon: 'CalendarCheck', category: 'activity', color: 'amber', maxProgress: 30 },
  { id: 'profile_pro', icon: 'UserCheck', category: 'activity', color: 'matcha', maxProgress: 100 },
  { id: 'early_bird', icon: 'Sunrise', category: 'special', color: 'amber', maxProgress: 1 },
  { id: 'verified', icon: 'BadgeCheck', category: 'special', color: 'matcha', maxProgress: 1 },
  { id: 'premium_member', icon: 'Crown', category: 'premium', color: 'amber', maxProgress: 1 },
  { id: 'host', icon: 'CalendarHeart', category: 'tea', color: 'matcha', maxProgress: 1 },
  { id: 'regular', icon: 'Users', category: 'tea', color: 'matcha', maxProgress: 3 },
  { id: 'storyteller', icon: 'BookOpen', category: 'tea', color: 'plum', maxProgress: 1 },
  { id: 'supportive', icon: 'HandHeart', category: 'tea', color: 'rose', maxProgress: 10 },
  { id: 'tea_critic', icon: 'Coffee', category: 'tea', color: 'matcha', maxProgress: 5 },
  { id: 'safety_ally', icon: 'ShieldCheck', category: 'special', color: 'sky', maxProgress: 1 },
] as const satisfies readonly BadgeDefinition[];

export type BadgeId = (typeof BADGES)[number]['id'];
export const BADGE_IDS = BADGES.map((b) => b.id) as [BadgeId, ...BadgeId[]];
export const badgeById = (id: string): BadgeDefinition | undefined => BADGES.find((b) => b.id === id);

/** Discovery cards show this many earned badges, then '+N more'. */
export const CARD_BADGES_SHOWN = 3;
/** Product §9: badges are revealed one after another. */
export const BADGE_REVEAL_STAGGER_MS = 150;
