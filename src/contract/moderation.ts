import { z } from 'zod';
import { REPORT_REASON_VALUES, REPORT_STATUSES, type ReportReason } from './safety';

/** The moderation console (moderators only) and the notices a warned member sees. */

export const MODERATION_ACTIONS = ['dismiss', 'warn', 'suspend', 'lift'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

const SUSPENSION_DURATIONS = ['7d', 'permanent'] as const;
export const SUSPENSION_DAYS = 7;
/** A permanent suspension is stored as this far-off date, so "suspended" is one comparison everywhere. */
export const PERMANENT_SUSPENSION_UNTIL = '9999-12-31T00:00:00.000Z';

/**
 * Severity order of the report queue: lower first. Underage user, Violence or threats and
 * Harassment come before every other reason.
 */
export const REPORT_SEVERITY: Record<ReportReason, number> = {
  underage_user: 0,
  violence_or_threats: 1,
  harassment_or_bullying: 2,
  inappropriate_photos: 3,
  inappropriate_behavior: 3,
  spam_or_scam: 3,
  fake_profile: 3,
  other: 3,
};
/** Different members reporting her as Underage user that hide her from discovery until reviewed. */
export const UNDERAGE_AUTO_HIDE_REPORTERS = 3;

export function isPermanentSuspension(until: string | Date): boolean {
  return new Date(until).getUTCFullYear() >= 9999;
}

export const moderationActionBody = z
  .object({
    action: z.enum(MODERATION_ACTIONS, 'Choose dismiss, warn, suspend or lift'),
    reason: z
      .string()
      .trim()
      .min(1, 'Write a short reason for the audit log')
      .max(500, 'The reason must be at most 500 characters'),
    /** The rule she broke (a report reason): required to warn or suspend, shown to her in a warning. */
    rule: z.enum(REPORT_REASON_VALUES, 'Choose the rule that was broken').optional(),
    /** Required to suspend. */
    duration: z.enum(SUSPENSION_DURATIONS, 'Choose 7 days or permanent').optional(),
  })
  .refine((b) => (b.action !== 'warn' && b.action !== 'suspend') || b.rule !== undefined, {
    path: ['rule'],
    message: 'Choose the rule that was broken',
  })
  .refine((b) => b.action !== 'suspend' || b.duration !== undefined, {
    path: ['duration'],
    message: 'Choose 7 days or permanent',
  });
export type ModerationActionBody = z.input<typeof moderationActionBody>;

const personRef = z.object({ id: z.string(), name: z.string(), username: z.string() });

/** The reported member as a moderator sees her: her public profile plus her moderation state. */
export const moderatedMember = personRef.extend({
  age: z.number().int(),
  location: z.string(),
  bio: z.string(),
  photo: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  hiddenFromDiscovery: z.boolean(),
});
export type ModeratedMember = z.infer<typeof moderatedMember>;

/** One row of the reports queue: everything open against one member. */
export const reportGroup = z.object({
  member: moderatedMember,
  openReports: z.number().int(),
  reasons: z.array(z.enum(REPORT_REASON_VALUES)),
  /** A premium member filed one of them (priority support). */
  priority: z.boolean(),
  oldestAt: z.string(),
});
export type ReportGroup = z.infer<typeof reportGroup>;
export const reportQueue = z.array(reportGroup);

/**
 * A message frozen with a report. A photo or voice note carries `media` when its file was copied at
 * filing time (GET media.url, moderators only); null when there was nothing left to copy (a view-once
 * photo already opened).
 */
export const attachedMessage = z.object({
  id: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  content: z.string(),
  sentAt: z.string(),
  messageType: z.string(),
  media: z
    .object({
      url: z.string(),
      contentType: z.string(),
      durationMs: z.number().int().nullable(),
      waveform: z.array(z.number().int()).nullable(),
      viewOnce: z.boolean(),
    })
    .nullable(),
});

export type AttachedMessage = z.infer<typeof attachedMessage>;

const moderatedReport = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASON_VALUES),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reporter: personRef,
  reporterPremium: z.boolean(),
  createdAt: z.string(),
  /** The meetup it reports (against its host); the title is null when the meetup was deleted since. */
  event: z.object({ id: z.string(), title: z.string().nullable() }).nullable(),
  messages: z.array(attachedMessage),
});

export const auditEntry = z.object({
  id: z.string(),
  moderator: personRef,
  subject: personRef,
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  rule: z.enum(REPORT_REASON_VALUES).nullable(),
  suspendedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditLog = z.array(auditEntry);

/** One member's case: every report against her (open ones first) and her moderation history. */
export const memberCase = z.object({
  member: moderatedMember,
  reports: z.array(moderatedReport),
  history: z.array(auditEntry),
});
export type MemberCase = z.infer<typeof memberCase>;

export const moderationResult = z.object({ entry: auditEntry, member: moderatedMember });

export const auditQuery = z.object({
  before: z.iso.datetime({ message: 'before must be an ISO date-time' }).optional(),
});
