import { Suspense } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { withMessages } from '../lib/i18n';
import { useWaitingWorker } from '../lib/pwa';

// The prompt's view loads only when a new version is waiting, not with the landing page's first paint.
const UpdatePromptView = lazyPart(
  withMessages('visitor', () => import('./update-prompt-view').then((m) => ({ default: m.UpdatePromptView }))),
);

/** "A new version is ready — Reload": shown while a new service worker waits; reloading lets it take over. */
export function UpdatePrompt() {
  const worker = useWaitingWorker();
  if (!worker) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePromptView worker={worker} />
    </Suspense>
  );
}
