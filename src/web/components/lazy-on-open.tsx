import { Suspense, useState, type ComponentType } from 'react';
import { lazyPart } from '../lib/lazy-part';
import type { ProfileDetailSheetProps } from './profile-detail-sheet';
import type { OwnProfileSheetBodyProps } from './own-profile-sheet-body';
import type { ConfirmDialogProps } from './ui/confirm-dialog';
import { withMessages } from '../lib/i18n';

/**
 * An overlay whose code loads on its first open rather than with the screen (first paint stays inside the
 * JavaScript budget), with its words (the `rest` catalogue), and stays mounted after, so closing still animates.
 */
function lazyOnOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazyPart(withMessages('rest', () => load().then((component) => ({ default: component }))));
  return function LazyOnOpen(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** The profile sheet for screens that open it on a tap (Discover's card, the recent-matches strip). */
export const LazyProfileDetailSheet = lazyOnOpen<ProfileDetailSheetProps>(() =>
  import('./profile-detail-sheet').then((m) => m.ProfileDetailSheet),
);

/** Her own profile sheet behind Discover's header avatar. */
export const LazyOwnProfileSheetBody = lazyOnOpen<OwnProfileSheetBodyProps>(() =>
  import('./own-profile-sheet-body').then((m) => m.OwnProfileSheetBody),
);

/** The "are you sure?" dialog for what every signed-in screen shows (the date plan banner in the shell). */
export const LazyConfirmDialog = lazyOnOpen<ConfirmDialogProps>(() =>
  import('./ui/confirm-dialog').then((m) => m.ConfirmDialog),
);
