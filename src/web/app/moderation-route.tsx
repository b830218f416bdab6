import { ModerationConsole, type ExtraQueue } from '../features/moderation/moderation-console';
import { TeaModerationQueue, TeaReplyModerationQueue } from '../features/tea/tea-moderation-queue';
import { VerificationReviewQueue } from '../features/verification/verification-review-queue';

/**
 * Queues other features add to the moderation console (verification requests, Tea's reported
 * stories): the app layer composes them so features never import each other's components.
 */
const moderationQueues: ExtraQueue[] = [
  { id: 'verification', label: 'Verification', element: <VerificationReviewQueue /> },
  { id: 'tea', label: 'Tea stories', element: <TeaModerationQueue /> },
  { id: 'tea-replies', label: 'Tea replies', element: <TeaReplyModerationQueue /> },
];

export function ModerationRoute() {
  return <ModerationConsole extraQueues={moderationQueues} />;
}
