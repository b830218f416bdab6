import { useBlocker } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { LazyConfirmDialog } from './lazy-on-open';
import { useWarnBeforeUnload } from '../lib/use-warn-before-unload';

/**
 * The preference editors' guard (/filters, /preferences, /preference-visualization), one behaviour for all three:
 * leaving with edits she has not saved (an in-app link, "Back to Discover", the browser's Back) asks "Discard
 * changes?" first; closing or reloading the tab gets the browser's own prompt. `dirty` is false while a save is on
 * its way (the save counts) and true again when it failed (the edits are still unsaved). Moving within the page
 * (a tab in `?tab=`) is not leaving.
 */
export function LeaveUnsavedGuard({ dirty }: { dirty: boolean }) {
  const { t } = useLingui();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useWarnBeforeUnload(dirty);
  return (
    <LazyConfirmDialog
      holdsNavigation
      open={blocker.state === 'blocked'}
      title={t`Discard changes?`}
      description={t`What you changed on this page has not been saved.`}
      confirmLabel={t`Discard`}
      cancelLabel={t`Keep editing`}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
