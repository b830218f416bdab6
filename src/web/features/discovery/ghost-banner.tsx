import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { useCurrentUser } from '../../lib/session';
import { withMessages } from '../../lib/i18n';

// The banner (its words and the ghost-mode mutation) loads only while ghost mode is on: most members never
// download it, and /home's first paint stays inside its budget.
const GhostBannerCard = lazyPart(
  withMessages('rest', () => import('./ghost-banner-card').then((m) => ({ default: m.GhostBannerCard }))),
);

/** Discover's reminder that she is hidden; nothing while ghost mode is off. */
export function GhostBanner() {
  if (!useCurrentUser().ghostMode) return null;
  return (
    <Suspense fallback={null}>
      <GhostBannerCard />
    </Suspense>
  );
}
