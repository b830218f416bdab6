/**
 * The badge catalogue, without schemas (re-exported by ./badges): the web shows badges from its first
 * screen, before zod loads.
 */

export const BADGE_CATEGORIES = ['social', 'tea', 'activity', 'premium', 'special'] as const;
type BadgeCategory = (typeof BADGE_CATEGORIES)[number];

interface BadgeDefinition {
  id: string;
  name: string;
  description: string;
  /** A lucide-react icon name. */
  icon: string;
  category: BadgeCategory;
  /** A Tailwind colour family used for the badge's chip. */
  color: 'plum' | 'matcha' | 'amber' | 'sky' | 'rose';
  /** What earns it, in words. */
  rule: string;
  /** Progress needed: the badge is earned when progress reaches it. */
  maxProgress: number;
}

/** The first 1 000 members are Early Birds. */
export const EARLY_BIRD_MEMBERS = 1000;

export const BADGES = [
  {
    id: 'first_match',
    name: 'First Match',
    description: 'Made your first match',
    icon: 'Heart',
    category: 'social',
    color: 'rose',
    rule: 'Get 1 match',
    maxProgress: 1,
  },
  {
    id: 'social_butterfly',
    name: 'Social Butterfly',
    description: 'Ten mutual matches',
    icon: 'Sparkles',
    category: 'social',
    color: 'rose',
    rule: 'Get 10 matches',
    maxProgress: 10,
  },
  {
    id: 'conversation_starter',
    name: 'Conversation Starter',
    description: 'Sent your first message',
    icon: 'MessageCircle',
    category: 'social',
    color: 'plum',
    rule: 'Send a message',
    maxProgress: 1,
  },
  {
    id: 'icebreaker',
    name: 'Icebreaker',
    description: 'Opened with a conversation starter',
    icon: 'Snowflake',
    category: 'social',
    color: 'sky',
    rule: 'Send a conversation starter',
    maxProgress: 1,
  },
  {
    id: 'good_listener',
    name: 'Good Listener',
    description: 'Replied in ten conversations',
    icon: 'Ear',
    category: 'social',
    color: 'plum',
    rule: 'Reply in 10 conversations',
    maxProgress: 10,
  },
  {
    id: 'week_streak',
    name: 'Week Streak',
    description: 'Seven days in a row on Steep',
    icon: 'Flame',
    category: 'activity',
    color: 'amber',
    rule: 'Be active 7 days in a row',
    maxProgress: 7,
  },
  {
    id: 'month_streak',
    name: 'Month Streak',
    description: 'Thirty days in a row on Steep',
    icon: 'CalendarCheck',
    category: 'activity',
    color: 'amber',
    rule: 'Be active 30 days in a row',
    maxProgress: 30,
  },
  {
    id: 'profile_pro',
    name: 'Profile Pro',
    description: 'A profile that is 100% complete',
    icon: 'UserCheck',
    category: 'activity',
    color: 'matcha',
    rule: 'Complete your profile',
    maxProgress: 100,
  },
  {
    id: 'early_bird',
    name: 'Early Bird',
    description: `One of the first ${EARLY_BIRD_MEMBERS} members`,
    icon: 'Sunrise',
    category: 'special',
    color: 'amber',
    rule: `Join among the first ${EARLY_BIRD_MEMBERS} members`,
    maxProgress: 1,
  },
  {
    id: 'verified',
    name: 'Verified',
    description: 'Photo verification approved',
    icon: 'BadgeCheck',
    category: 'special',
    color: 'matcha',
    rule: 'Get your photos verified',
    maxProgress: 1,
  },
  {
    id: 'premium_member',
    name: 'Premium Member',
    description: 'Supports Steep with Premium',
    icon: 'Crown',
    category: 'premium',
    color: 'amber',
    rule: 'Subscribe to Premium',
    maxProgress: 1,
  },
  {
    id: 'host',
    name: 'Host',
    description: 'Hosted a tea meetup',
    icon: 'CalendarHeart',
    category: 'tea',
    color: 'matcha',
    rule: 'Host a meetup',
    maxProgress: 1,
  },
  {
    id: 'regular',
    name: 'Regular',
    description: 'Joined three tea meetups',
    icon: 'Users',
    category: 'tea',
    color: 'matcha',
    rule: 'Join 3 meetups',
    maxProgress: 3,
  },
  {
    id: 'storyteller',
    name: 'Storyteller',
    description: 'Shared your first Tea story',
    icon: 'BookOpen',
    category: 'tea',
    color: 'plum',
    rule: 'Share a Tea story',
    maxProgress: 1,
  },
  {
    id: 'supportive',
    name: 'Supportive',
    description: 'Supported ten Tea stories',
    icon: 'HandHeart',
    category: 'tea',
    color: 'rose',
    rule: 'Support 10 stories',
    maxProgress: 10,
  },
  {
    id: 'tea_critic',
    name: 'Tea Critic',
    description: 'Reviewed five teas',
    icon: 'Coffee',
    category: 'tea',
    color: 'matcha',
    rule: 'Write 5 tea reviews',
    maxProgress: 5,
  },
  {
    id: 'safety_ally',
    name: 'Safety Ally',
    description: 'A report of yours helped keep Steep safe',
    icon: 'ShieldCheck',
    category: 'special',
    color: 'sky',
    rule: 'File a report that leads to action',
    maxProgress: 1,
  },
] as const satisfies readonly BadgeDefinition[];

export type BadgeId = (typeof BADGES)[number]['id'];
export const BADGE_IDS = BADGES.map((b) => b.id) as [BadgeId, ...BadgeId[]];
export const badgeById = (id: string): BadgeDefinition | undefined => BADGES.find((b) => b.id === id);

/** Discovery cards show this many earned badges, then '+N more'. */
export const CARD_BADGES_SHOWN = 3;
/** Product §9: badges are revealed one after another. */
export const BADGE_REVEAL_STAGGER_MS = 150;
