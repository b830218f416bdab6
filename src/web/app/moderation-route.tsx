import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ModerationConsole, type ExtraQueue } from '../features/moderation/moderation-console';
import { TeaModerationQueue, TeaReplyModerationQueue } from '../features/stories/tea-moderation-queue';
import { VerificationReviewQueue } from '../features/verification/verification-review-queue';

/**
 * Queues other features add to the moderation console (verification requests, Tea's reported
 * stories): the app layer composes them so features never import each other's components.
 */
const moderationQueues: ReadonlyArray<Omit<ExtraQueue, 'label'> & { label: MessageDescriptor }> = [
  { id: 'verification', label: msg`Verification`, element: <VerificationReviewQueue /> },
  { id: 'tea', label: msg`Tea stories`, element: <TeaModerationQueue /> },
  { id: 'tea-replies', label: msg`Tea replies`, element: <TeaReplyModerationQueue /> },
];

export function ModerationRoute() {
  const { i18n } = useLingui();
  return (
    <ModerationConsole extraQueues={moderationQueues.map((queue) => ({ ...queue, label: i18n._(queue.label) }))} />
  );
}
