import { useLingui } from '@lingui/react/macro';
import { useRealtime } from '../lib/realtime/realtime-provider';
import { floatBelow } from './ui/float-top';

/**
 * What waits for the network (a skeleton, 'Loading…') does not say so: this does, while the device has none, under
 * the bar of the screen or panel it is in. The region is always there, so a screen reader hears it appear. Toasts
 * start below it (./ui/float-top.ts): one covered it when the page was scrolled (tryout). Empty, it has no height
 * and moves nothing.
 */
export function OfflineNotice() {
  const { offline } = useRealtime();
  const { t } = useLingui();
  return (
    <p ref={floatBelow} role="status" className="bg-plum-50 text-center text-xs text-plum-800 empty:hidden">
      {offline && <span className="block px-4 py-1.5">{t`You're offline. Check your connection.`}</span>}
    </p>
  );
}
