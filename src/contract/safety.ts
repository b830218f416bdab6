import { z } from 'zod';
import { REPORT_REASON_VALUES } from './interests';

/** Blocks and reports (the Safety Center screen and the chat menu use these). */

export const REPORT_DESCRIPTION_MAX = 1000;

export const createBlockBody = z.object({
  /** Optional: the acting user is always the session's; a different id is refused (403). */
  blockerId: z.uuid('Invalid user id').optional(),
  blockedUserId: z.uuid('Invalid user id'),
});
export type CreateBlockBody = z.infer<typeof createBlockBody>;

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
export type BlockList = z.infer<typeof blockList>;

/** The form takes "user id or username": send exactly one of reportedUserId / reportedUsername. */
export const createReportBody = z
  .object({
    reporterId: z.uuid('Invalid user id').optional(),
    reportedUserId: z.uuid('Invalid user id').optional(),
    reportedUsername: z.string().trim().min(1).max(30).optional(),
    reason: z.enum(REPORT_REASON_VALUES, 'Choose a reason from the list'),
    description: z
      .string()
      .trim()
      .max(REPORT_DESCRIPTION_MAX, `Description must be at most ${REPORT_DESCRIPTION_MAX} characters`)
      .optional()
      .transform((d) => (d ? d : null)),
  })
  .refine((b) => (b.reportedUserId === undefined) !== (b.reportedUsername === undefined), {
    path: ['reportedUserId'],
    message: 'Give the user id or the username of the person you are reporting',
  });
export type CreateReportBody = z.input<typeof createReportBody>;

export const REPORT_STATUSES = ['open', 'reviewed', 'closed'] as const;

/** A report as its author sees it. Who reported whom is never shown to the reported person. */
export const report = z.object({
  id: z.string(),
  reportedUserId: z.string(),
  reportedUser: z.object({ id: z.string(), name: z.string() }),
  reason: z.enum(REPORT_REASON_VALUES),
  description: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof report>;

/** Newest first. */
export const reportList = z.array(report);
export type ReportList = z.infer<typeof reportList>;
