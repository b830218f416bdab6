import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { withMessages } from '../../lib/i18n';

export * from './toast-store';

// Radix's toast primitives are not needed for the first paint: the view loads after it, and a toast
// raised before then is still in the store and shows as soon as the view mounts.
const ToastView = lazyPart(
  withMessages('visitor', () => import('./toast-view').then((m) => ({ default: m.ToastView }))),
);

/** Renders the current toast. Mount once, near the root. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
