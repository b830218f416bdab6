import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ModerationAction } from '../../../contract/moderation';
import type { ReportReason, ReportStatus } from '../../../contract/safety';

/* Report reasons, a report's status and the moderators' actions: codes stored, labels read in her language. */

/** In the order the report forms offer them. */
export const REPORT_REASON_LABELS: Record<ReportReason, MessageDescriptor> = {
  inappropriate_behavior: msg`Inappropriate behavior`,
  harassment_or_bullying: msg`Harassment or bullying`,
  fake_profile: msg`Fake profile`,
  spam_or_scam: msg`Spam or scam`,
  inappropriate_photos: msg`Inappropriate photos`,
  underage_user: msg`Underage user`,
  violence_or_threats: msg`Violence or threats`,
  other: msg({ message: 'Other', context: 'report reason' }),
};

const STATUSES: Record<ReportStatus, MessageDescriptor> = {
  received: msg`Received`,
  under_review: msg`Under review`,
  action_taken: msg`Action taken`,
  closed: msg`Closed`,
};

const ACTIONS: Record<ModerationAction, MessageDescriptor> = {
  dismiss: msg`Dismissed`,
  warn: msg`Warned`,
  suspend: msg`Suspended`,
  lift: msg`Suspension lifted`,
};

/** A report reason's label ('Fake profile'); an unknown code reads as itself. */
export function reportReasonLabel(reason: string): string {
  const descriptor = (REPORT_REASON_LABELS as Record<string, MessageDescriptor | undefined>)[reason];
  return descriptor ? i18n._(descriptor) : reason;
}

export const reportStatusLabel = (status: ReportStatus): string => i18n._(STATUSES[status]);
export const moderationActionLabel = (action: ModerationAction): string => i18n._(ACTIONS[action]);
