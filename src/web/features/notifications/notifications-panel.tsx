import { cloneElement, Suspense, useRef, useState, type ReactElement, type Ref } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { useQueryClient } from '@tanstack/react-query';
import { withMessages } from '../../lib/i18n';
import { invalidateRoutes } from '../../lib/query-key';
import { BELL_ROUTES } from '../../lib/shared-routes';

// The panel (and Radix's dialog and tabs) is not needed for the first paint of /home: it loads on the
// first tap of the bell.
const NotificationsDialog = lazyPart(
  withMessages('rest', () => import('./notifications-dialog').then((m) => ({ default: m.NotificationsDialog }))),
);

type TriggerProps = {
  ref?: Ref<HTMLButtonElement>;
  onClick?: () => void;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
  'data-state'?: 'open' | 'closed';
};

/** The header bell (`trigger`) and its slide-in panel: likes received and (premium) potential matches. */
export function NotificationsPanel({ trigger }: { trigger: ReactElement<TriggerProps> }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setOpened(true);
      // Reads are never stale by default (product §9); opening the bell is the moment to look again.
      void invalidateRoutes(queryClient, BELL_ROUTES);
    }
  };

  return (
    <>
      {cloneElement(trigger, {
        ref: bell,
        onClick: () => onOpenChange(true),
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'data-state': open ? 'open' : 'closed',
      })}
      {opened && (
        <Suspense fallback={null}>
          <NotificationsDialog open={open} onOpenChange={onOpenChange} returnFocusTo={bell} />
        </Suspense>
      )}
    </>
  );
}
