import { animateMotionValue, domMax, type MotionValue, type Transition } from 'motion/react';

/** Motion's animation, gesture and layout code: loaded by MotionFeatures after the first paint. */
export default domMax;

/** Animates one value back to 0 (motion's `animate()` would bring its whole timeline engine along). */
export function springBack(value: MotionValue<number>, transition: Transition): void {
  void value.start(animateMotionValue('', value, 0, transition));
}
