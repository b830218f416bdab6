import { useEffect } from 'react';
import { BellOff, BellRing, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { useLingui } from '@lingui/react/macro';
import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  PushSetupError,
  usePushDevices,
  usePushState,
  useRemoveDevice,
  useTestPush,
  useTogglePush,
  type PushState,
} from './push-client';

/** Each state in one sentence that says what is true now; the button under it is the one thing to do about it. */
const STATE_TEXT: Record<PushState, MessageDescriptor> = {
  on: msg`Push is on for this device: matches, messages and likes reach you even when Steep is closed.`,
  off: msg`Push is off for this device: you hear about matches and messages only while Steep is open.`,
  blocked: msg`Your browser is blocking notifications from Steep, so push cannot be turned on here yet.`,
  unsupported: msg`This browser cannot receive push notifications; email notifications still reach you.`,
};

const failed = (error: unknown) =>
  toast({
    title: t`Push notifications`,
    description:
      error instanceof PushSetupError || isApiError(error)
        ? error.message
        : t`Something went wrong turning on notifications. Please try again.`,
    variant: 'destructive',
  });

/**
 * Push on this device: the browser asks for permission only after she taps Enable;
 * the state says what is on, what blocks it and how to unblock; her devices can be removed one by one.
 */
export function PushSettings() {
  const state = usePushState();
  const devices = usePushDevices();
  const toggle = useTogglePush();
  const remove = useRemoveDevice();
  const test = useTestPush();
  const current = state.data;
  const list = devices.data?.devices ?? [];
  const thisDeviceListed = list.some((d) => d.current);
  const { t, i18n } = useLingui();

  // Subscribed in this browser but not saved for this session (she signed in again): save it again.
  // Permission is already granted, so nothing is asked.
  const resync = current === 'on' && devices.isSuccess && !thisDeviceListed && !toggle.isPending;
  useEffect(() => {
    if (resync) toggle.mutate(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run when a resync becomes needed, not per render
  }, [resync]);

  return (
    <div data-testid="push-settings" className="grid gap-3 rounded-2xl bg-cream-100 p-3">
      <div className="flex items-start gap-2">
        {current === 'on' ? (
          <BellRing className="mt-0.5 size-4 shrink-0 text-plum-600" aria-hidden />
        ) : (
          <BellOff className="mt-0.5 size-4 shrink-0 text-ink-soft" aria-hidden />
        )}
        <p className="text-sm text-ink" role="status" aria-live="polite">
          {current ? i18n._(STATE_TEXT[current]) : t`Checking push notifications on this device…`}
        </p>
      </div>

      {current === 'blocked' && (
        <>
          <p className="text-xs leading-snug text-ink-soft">
            {t`To allow them: open this site's settings (the icon beside the address bar; on a phone, browser menu → Settings → Site settings), set Notifications to Allow, then come back here.`}
          </p>
          <Button block variant="secondary" disabled={state.isFetching} onClick={() => void state.refetch()}>
            {state.isFetching ? t`Checking…` : t`I allowed them: check again`}
          </Button>
        </>
      )}
      {current === 'unsupported' && (
        <>
          <p className="text-xs leading-snug text-ink-soft">
            {t`On iPhone and iPad, add Steep to your Home Screen first (Share → Add to Home Screen), then open it from there.`}
          </p>
          <Link to="/preferences?tab=notifications" className={buttonClasses('secondary', 'md', true)}>
            {t`Choose email notifications`}
          </Link>
        </>
      )}

      {current === 'off' && (
        <Button block disabled={toggle.isPending} onClick={() => toggle.mutate(true, { onError: failed })}>
          {toggle.isPending ? t`Turning on…` : t`Turn on push`}
        </Button>
      )}
      {current === 'on' && (
        <div className="grid grid-cols-2 gap-2">
          <Button
            variant="secondary"
            disabled={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: (r) =>
                  toast({
                    title: t`Test notification sent`,
                    description: t`On its way to ${plural(r.queued, { one: 'your device', other: '# devices' })}.`,
                  }),
                onError: failed,
              })
            }
          >
            {t`Send a test`}
          </Button>
          <Button
            variant="outline"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate(false, { onError: failed })}
          >
            {t`Turn off push`}
          </Button>
        </div>
      )}

      {list.length > 0 && (
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold text-ink">{t`Devices with push on`}</h3>
          <ul className="grid gap-1">
            {list.map((device) => (
              <li key={device.id} className="flex min-h-11 items-center gap-2">
                <Smartphone className="size-4 shrink-0 text-ink-soft" aria-hidden />
                <span className="flex-1 text-sm text-ink">
                  {device.device}
                  {device.current && <span className="text-ink-soft"> · {t`this device`}</span>}
                </span>
                <Button
                  variant="ghost"
                  aria-label={device.current ? t`Remove ${device.device} (this device)` : t`Remove ${device.device}`}
                  disabled={remove.isPending || toggle.isPending}
                  onClick={() =>
                    device.current
                      ? toggle.mutate(false, { onError: failed })
                      : remove.mutate(device.id, { onError: failed })
                  }
                >
                  {t`Remove`}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
