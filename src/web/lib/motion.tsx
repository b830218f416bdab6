import type { ReactNode } from 'react';
import { LazyMotion } from 'motion/react';

export const loadMotionFeatures = () => import('./motion-features');
const loadFeatures = () => loadMotionFeatures().then((m) => m.default);

/**
 * Screens animate with motion's light `m` components; the animation and drag code (most of motion's
 * size) loads after the first paint instead of with the screen.
 */
export function MotionFeatures({ children }: { children: ReactNode }) {
  return <LazyMotion features={loadFeatures}>{children}</LazyMotion>;
}
