import type { ReactNode } from 'react';
import { LazyMotion } from 'motion/react';
import { retryingDownload } from './lazy-part';

export const loadMotionFeatures = () => import('./motion-features');
// A lost network leaves the screens still, not unable to move for good (drag on Discover's card needs these).
const loadFeatures = retryingDownload(() => loadMotionFeatures().then((m) => m.default));

/**
 * Screens animate with motion's light `m` components; the animation and drag code (most of motion's
 * size) loads after the first paint instead of with the screen.
 */
export function MotionFeatures({ children }: { children: ReactNode }) {
  return <LazyMotion features={loadFeatures}>{children}</LazyMotion>;
}
