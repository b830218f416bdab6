import { cloneElement, Suspense, useRef, useState, type ReactElement, type Ref } from 'react';
import { useLingui } from '@lingui/react/macro';
import { lazyPart } from '../../lib/lazy-part';
import { toast } from '../../components/ui/toast';
import { useQueryClient } from '@tanstack/react-query';
import { withMessages } from '../../lib/i18n';
import { invalidateRoutes } from '../../lib/query-key';
import { BELL_ROUTES } from '../../lib/shared-routes';

// The panel (and Radix's dialog and tabs) is not needed for the first paint of /home: it loads on the
// first tap of the bell.
const loadDialog = withMessages('rest', () =>
  import('./notifications-dialog').then((m) => ({ default: m.NotificationsDialog })),
);
const NotificationsDialog = lazyPart(loadDialog);

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
  const { t } = useLingui();
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
        onClick: () => {
          if (opened || navigator.onLine) return onOpenChange(true);
          // Offline before her first look: the panel opens if its code is on this device (the installed app
          // keeps it). If not, she is told now, rather than the panel opening by itself whenever the network
          // comes back (tryout).
          loadDialog().then(
            () => onOpenChange(true),
            () => {
              const notice = toast({
                title: t`You're offline`,
                description: t`Tap the bell again once you're back online.`,
              });
              // The toast sits over the header: it goes the moment the bell can open (it covered the bell).
              addEventListener('online', notice.dismiss, { once: true });
            },
          );
        },
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
