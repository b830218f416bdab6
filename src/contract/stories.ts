import { z } from 'zod';
import { REPORT_REASON_VALUES } from './safety';

/*
 * Tea: the anonymous story community for Premium members (product §2 "Tea", 3 "Tea story", 5 "Tea story",
 * 8 toasts). A story never carries its author: not in a response, a frame or an error.
 */

export const TEA_CATEGORIES = ['Dating', 'Friendship', 'Family', 'Workplace'] as const;
export type TeaCategory = (typeof TEA_CATEGORIES)[number];

/** The relationship-type badge on a story: who the story is about, to her. */
export const TEA_TYPES = ['First date', 'Situationship', 'Girlfriend', 'Ex', 'Friend', 'Family', 'Coworker'] as const;
export type TeaType = (typeof TEA_TYPES)[number];

export const STORY_TITLE_MAX = 120;
/** A title says something: at least this many characters (not "ok"). */
export const STORY_TITLE_MIN = 3;
/** A story tells something: at least this many characters (not "short"). */
export const STORY_CONTENT_MIN = 20;
export const STORY_CONTENT_MAX = 5000;
export const ABOUT_NAME_MAX = 30;
/** Stories a member may share per UTC day. */
export const STORIES_PER_DAY = 5;
/** Reports from this many different members hide a story until a moderator reviews it. */
export const REPORTS_TO_HIDE = 3;
const STORY_PAGE_SIZE = 20;

export const MISSING_FIELDS_MESSAGE = 'Please fill in all fields';
export const NUDGE_MESSAGE = 'Are you sure? This story may hurt someone';

/**
 * A first name or an initial: one word of letters (any script), hyphens, apostrophes and dots, and at most a
 * surname's initial after it ('Mary-Kate', "D'Arcy", 'J.', 'Jen S.'). A whole surname would name her (tryout).
 */
const ABOUT_NAME_PATTERN = /^\p{L}[\p{L}'\-’.]*(?: \p{L}\.?)?$/u;

/** Empty strings become "not given", so "omitted when empty" holds on the server too. */
const optionalTrimmed = (schema: z.ZodString) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(schema.optional());

export const createStoryBody = z.object({
  // Missing title or content is answered with the product's one message by the service, not per field.
  title: z.string().trim().max(STORY_TITLE_MAX, `Title must be at most ${STORY_TITLE_MAX} characters`).default(''),
  content: z
    .string()
    .trim()
    .max(STORY_CONTENT_MAX, `Your story must be at most ${STORY_CONTENT_MAX} characters`)
    .default(''),
  aboutName: optionalTrimmed(
    z
      .string()
      .max(ABOUT_NAME_MAX, `"About" must be at most ${ABOUT_NAME_MAX} characters`)
      .regex(ABOUT_NAME_PATTERN, '"About" takes a first name or an initial only'),
  ),
  teaType: z
    .union([z.literal(''), z.enum(TEA_TYPES)], 'Choose a relationship type from the list')
    .optional()
    .transform((v) => (v ? v : undefined)),
  category: z.enum(TEA_CATEGORIES, 'Choose Dating, Friendship, Family or Workplace').default('Dating'),
  /** Sent after the harassment nudge: "Post anyway". Recorded for moderators. */
  confirmed: z.boolean().default(false),
});
export type CreateStoryBody = z.input<typeof createStoryBody>;

/** The product's one message for a missing title or content, shared by the form and the server. */
export function missingStoryFields(body: { title?: string; content?: string }): boolean {
  return !body.title?.trim() || !body.content?.trim();
}

/** Every title and story problem at once, each for its field: the form shows them, the server answers them. */
export function storyFieldErrors(body: { title?: string; content?: string }): { path: string; message: string }[] {
  const errors: { path: string; message: string }[] = [];
  const title = body.title?.trim() ?? '';
  const content = body.content?.trim() ?? '';
  if (!title) errors.push({ path: 'title', message: 'Add a title' });
  else if (title.length < STORY_TITLE_MIN) {
    errors.push({ path: 'title', message: `Use at least ${STORY_TITLE_MIN} characters for the title` });
  }
  if (!content) errors.push({ path: 'content', message: 'Write your story' });
  else if (content.length < STORY_CONTENT_MIN) {
    errors.push({ path: 'content', message: `Tell your story in at least ${STORY_CONTENT_MIN} characters` });
  }
  return errors;
}

/**
 * What a story or a reply can be reported for: what text can do wrong (a profile's reasons, such as
 * "Fake profile" or "Underage user", do not fit an anonymous text). "Other" needs a few words.
 */
export const TEA_REPORT_REASONS = [
  { value: 'harassment_or_bullying', label: 'Harassment or bullying' },
  { value: 'hate_speech', label: 'Hate or discrimination' },
  { value: 'private_information', label: 'Shares someone’s private information' },
  { value: 'violence_or_threats', label: 'Violence or threats' },
  { value: 'spam_or_scam', label: 'Spam or scam' },
  { value: 'other', label: 'Other' },
] as const;
export type TeaReportReason = (typeof TEA_REPORT_REASONS)[number]['value'];
const TEA_REPORT_REASON_VALUES = TEA_REPORT_REASONS.map((r) => r.value) as [TeaReportReason, ...TeaReportReason[]];
/** Reasons a moderator may see: today's list and the member reasons stored before it. */
const STORED_TEA_REPORT_REASONS = [...new Set([...REPORT_REASON_VALUES, ...TEA_REPORT_REASON_VALUES])] as [
  string,
  ...string[],
];
export const REPORT_OTHER_DETAIL_MIN = 5;
/** A second report of the same story or reply by the same member. */
export const ALREADY_REPORTED_MESSAGE = 'You already reported this. Our moderators will review it.';

export const teaStory = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  aboutName: z.string().optional(),
  teaType: z.enum(TEA_TYPES).optional(),
  category: z.enum(TEA_CATEGORIES),
  supportCount: z.number().int(),
  supportedByMe: z.boolean(),
  /** True only for the caller's own stories; nothing else about the author is ever sent. */
  isMine: z.boolean(),
  /** Visible replies on it. */
  replyCount: z.number().int(),
  createdAt: z.string(),
});
export type TeaStory = z.infer<typeof teaStory>;

export const storiesQuery = z.object({
  category: z.enum(TEA_CATEGORIES, 'Unknown category').optional(),
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(STORY_PAGE_SIZE),
});

export const storyPage = z.object({ stories: z.array(teaStory), nextCursor: z.string().nullable() });
export type StoryPage = z.infer<typeof storyPage>;

export const supportResult = z.object({ supported: z.boolean(), supportCount: z.number().int() });
export type SupportResult = z.infer<typeof supportResult>;

export const storyLikes = z.object({ storyIds: z.array(z.string()) });

export const teaStats = z.object({
  storiesShared: z.number().int(),
  supportGiven: z.number().int(),
  /** The third tile: stories shared in the last 7 days. */
  storiesThisWeek: z.number().int(),
  /** Visible replies on visible stories. */
  repliesGiven: z.number().int(),
  /** Her own counts, for her eyes only: how many, never which stories. */
  mine: z.object({ storiesShared: z.number().int(), repliesWritten: z.number().int() }),
  categories: z.object(
    Object.fromEntries(TEA_CATEGORIES.map((c) => [c, z.number().int()])) as Record<TeaCategory, z.ZodNumber>,
  ),
});
export type TeaStats = z.infer<typeof teaStats>;

export const reportStoryBody = z
  .object({
    reason: z.enum(TEA_REPORT_REASON_VALUES, 'Choose a reason from the list'),
    description: z
      .string()
      .trim()
      .max(1000, 'Description must be at most 1000 characters')
      .optional()
      .transform((d) => (d ? d : undefined)),
  })
  .refine((b) => b.reason !== 'other' || (b.description?.length ?? 0) >= REPORT_OTHER_DETAIL_MIN, {
    path: ['description'],
    message: `Say in a few words what is wrong (at least ${REPORT_OTHER_DETAIL_MIN} characters)`,
  });
export type ReportStoryBody = z.input<typeof reportStoryBody>;

export const teaOk = z.object({ ok: z.literal(true) });

/* ---------- Replies (product §2 "Tea": replies keep the replier anonymous) ---------- */

export const REPLY_CONTENT_MAX = 1000;
const REPLY_PAGE_SIZE = 20;
export const MISSING_REPLY_MESSAGE = 'Please write a reply';
export const REPLY_NUDGE_MESSAGE = 'Are you sure? This reply may hurt someone';

export const createReplyBody = z.object({
  content: z
    .string()
    .trim()
    .max(REPLY_CONTENT_MAX, `Your reply must be at most ${REPLY_CONTENT_MAX} characters`)
    .default(''),
  /** Sent after the harassment nudge: "Post anyway". Recorded for moderators. */
  confirmed: z.boolean().default(false),
});
export type CreateReplyBody = z.input<typeof createReplyBody>;

/**
 * A reply as members see it. `pseudonym` ("Oolong 3") is stable within the story and unrelated
 * across stories; `isAuthor` marks the story's author; `isMine` is the caller's own. Nothing else
 * about the replier is ever sent.
 */
export const teaReply = z.object({
  id: z.string(),
  storyId: z.string(),
  pseudonym: z.string(),
  isAuthor: z.boolean(),
  isMine: z.boolean(),
  /** She reported it: her screen shows it collapsed. */
  reportedByMe: z.boolean(),
  content: z.string(),
  createdAt: z.string(),
});
export type TeaReply = z.infer<typeof teaReply>;

export const repliesQuery = z.object({
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(REPLY_PAGE_SIZE),
});

/** Oldest first: a thread reads top to bottom. */
export const replyPage = z.object({ replies: z.array(teaReply), nextCursor: z.string().nullable() });
export type ReplyPage = z.infer<typeof replyPage>;

/* ---------- Moderation (the moderation console's Tea queue) ---------- */

const TEA_STORY_STATUSES = ['visible', 'hidden'] as const;

/** An open report on a story or reply: the reason only, never who sent it. */
const openReport = z.object({
  reason: z.enum(STORED_TEA_REPORT_REASONS),
  description: z.string().optional(),
  createdAt: z.string(),
});

/** What moderators see beside a story's or reply's own fields: where it stands and its open reports. */
const moderationState = z.object({
  status: z.enum(TEA_STORY_STATUSES),
  /** The author saw the harassment nudge and chose "Post anyway". */
  postedDespiteNudge: z.boolean(),
  reports: z.array(openReport),
});

/** A story as moderators see it: the member's card, minus her own view of it, plus its moderation state. */
export const moderatedStory = teaStory
  .pick({
    id: true,
    title: true,
    content: true,
    aboutName: true,
    teaType: true,
    category: true,
    supportCount: true,
    createdAt: true,
  })
  .extend(moderationState.shape);
export type ModeratedStory = z.infer<typeof moderatedStory>;

export const moderatedStoryList = z.array(moderatedStory);

/** A reported, nudged or hidden reply, with its story's title for context; never who wrote or reported it. */
export const moderatedReply = teaReply
  .pick({ id: true, storyId: true, pseudonym: true, isAuthor: true, content: true, createdAt: true })
  .extend({ storyTitle: z.string(), ...moderationState.shape });
export type ModeratedReply = z.infer<typeof moderatedReply>;

export const moderatedReplyList = z.array(moderatedReply);
