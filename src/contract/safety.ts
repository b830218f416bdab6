import { z } from 'zod';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from './auth';
import { safeText } from './text';

/** Blocks and reports (the Safety Center screen and the chat menu use these). */

/** Why a member can be reported (the chat menu and the Safety Center offer these). */
export const REPORT_REASONS = [
  { value: 'inappropriate_behavior', label: 'Inappropriate behavior' },
  { value: 'harassment_or_bullying', label: 'Harassment or bullying' },
  { value: 'fake_profile', label: 'Fake profile' },
  { value: 'spam_or_scam', label: 'Spam or scam' },
  { value: 'inappropriate_photos', label: 'Inappropriate photos' },
  { value: 'underage_user', label: 'Underage user' },
  { value: 'violence_or_threats', label: 'Violence or threats' },
  { value: 'other', label: 'Other' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
/** The report reason values as a tuple, for z.enum. */
export const REPORT_REASON_VALUES = REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]];

export const REPORT_DESCRIPTION_MAX = 1000;

/**
 * A member's @username as she types it to report or block someone, with or without the @: the sign-up rules,
 * the same for every name (a name nobody has is accepted like any other).
 */
const typedUsername = safeText()
  .trim()
  .transform((name) => name.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter a username')
      .min(USERNAME_MIN_LENGTH, 'Username must be at least 3 characters long')
      .max(USERNAME_MAX_LENGTH, 'Username must be at most 30 characters long')
      .regex(USERNAME_PATTERN, 'Username may only contain letters, numbers, dots and underscores'),
  );

/** By id (chat, profiles) or by username (the Safety Center's Block dialog): exactly one. */
export const createBlockBody = z
  .object({
    /** Optional: the acting user is always the session's; a different id is refused (403). */
    blockerId: z.uuid('Invalid user id').optional(),
    blockedUserId: z.uuid('Invalid user id').optional(),
    blockedUsername: typedUsername.optional(),
  })
  .refine((b) => (b.blockedUserId === undefined) !== (b.blockedUsername === undefined), {
    path: ['blockedUserId'],
    message: 'Give the user id or the username of the person you are blocking',
  });

export const block = z.object({
  id: z.string(),
  blockerId: z.string(),
  blockedUserId: z.string(),
  createdAt: z.string(),
  /** Public name and first photo of the blocked person, for the blocked-users list. */
  blockedUser: z.object({ id: z.string(), name: z.string(), photo: z.string().nullable() }),
});
export type Block = z.infer<typeof block>;

/** Newest first. */
export const blockList = z.array(block);

/*
 * POST /api/reports answers 202 { ok, message } with the same thanks whether or not the named person exists
 * (no id, no name: the form is not a directory). The form takes "user id or username": send exactly one of
 * reportedUserId / reportedUsername. By username the thanks say "if @name is on Steep", the same words either
 * way (the server's catalogue, src/server/i18n, has them in each language).
 */

/** How many of a conversation's latest messages a report from it may carry, frozen at filing time. */
export const REPORT_ATTACHED_MESSAGES = 20;

/** Why, and optionally what happened: what every report carries, whatever it is filed from. */
export const reportGrounds = {
  reason: z.enum(REPORT_REASON_VALUES, 'Choose a reason from the list'),
  description: safeText()
    .trim()
    .max(REPORT_DESCRIPTION_MAX, `Description must be at most ${REPORT_DESCRIPTION_MAX} characters`)
    .optional()
    .transform((d) => (d ? d : null)),
};

export const createReportBody = z
  .object({
    reporterId: z.uuid('Invalid user id').optional(),
    reportedUserId: z.uuid('Invalid user id').optional(),
    reportedUsername: typedUsername.optional(),
    ...reportGrounds,
    /** The conversation the report is filed from (the chat menu). */
    matchId: z.uuid('Invalid match id').optional(),
    /** 'Include our recent messages': copy the conversation's last messages into the report. */
    includeMessages: z.boolean().optional(),
  })
  .refine((b) => !b.includeMessages || b.matchId !== undefined, {
    path: ['matchId'],
    message: 'Choose the conversation whose messages to include',
  })
  .refine((b) => (b.reportedUserId === undefined) !== (b.reportedUsername === undefined), {
    path: ['reportedUserId'],
    message: 'Give the user id or the username of the person you are reporting',
  })
  .refine((b) => b.matchId === undefined || b.reportedUserId !== undefined, {
    path: ['matchId'],
    message: 'A report from a conversation names the person by user id',
  });
export type CreateReportBody = z.input<typeof createReportBody>;

/**
 * What the reporter sees of her report's progress. 'action_taken' never says which action: what
 * happens to the other member's account is not hers to know.
 */
export const REPORT_STATUSES = ['received', 'under_review', 'action_taken', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A report as its author sees it. Who reported whom is never shown to the reported person. */
export const report = z.object({
  id: z.string(),
  reportedUserId: z.string(),
  reportedUser: z.object({ id: z.string(), name: z.string() }),
  reason: z.enum(REPORT_REASON_VALUES),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  /** Whether recent messages were attached (their content is for moderators only). */
  messagesAttached: z.boolean(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof report>;

/** Newest first. */
export const reportList = z.array(report);

/** The Safety Center's counters: hers, counted on the server. */
export const safetySummary = z.object({
  reportsFiled: z.number().int(),
  usersBlocked: z.number().int(),
  photoVerified: z.boolean(),
});
export type SafetySummary = z.infer<typeof safetySummary>;
