import { useEffect, useRef } from 'react';
import { Ghost } from 'lucide-react';
import { useGhostMode } from '../../lib/ghost-mode';
import { nextControlAfter } from '../../lib/next-control';
import { useAuth } from '../../lib/session';
import { useLingui } from '@lingui/react/macro';

/** Discover's reminder that she is hidden while ghost mode is on, with the way to turn it off. */
export function GhostBannerCard() {
  const { ghostMode, setGhostMode, isSaving } = useGhostMode();
  const { refreshUser } = useAuth();
  const { t } = useLingui();
  const banner = useRef<HTMLElement>(null);
  // Turned off on her other device meanwhile: a fresh look at her account when the app comes back to the front
  // takes the banner away.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUser();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refreshUser]);
  if (!ghostMode) return null;
  const turnOff = () => {
    // The banner goes once it is off: her focus goes on to what follows it, not to the top of the page.
    const next = banner.current ? nextControlAfter(banner.current) : undefined;
    setGhostMode(false, () => next?.focus());
  };
  return (
    // One row: on a phone the deck's buttons must stay above the tab bar with the banner over it.
    <section
      ref={banner}
      aria-label={t`Ghost mode`}
      className="flex items-center gap-3 rounded-3xl bg-plum-900 py-2 pr-2 pl-4 text-white shadow-card"
    >
      <Ghost aria-hidden className="size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{t`Ghost Mode is on`}</p>
        <p className="text-xs leading-snug text-plum-100">{t`Hidden, no new matches. Chats work.`}</p>
      </div>
      <button
        type="button"
        onClick={turnOff}
        disabled={isSaving}
        className="min-h-11 shrink-0 rounded-full bg-white px-4 text-sm font-semibold text-plum-800 transition-[background-color,transform] hover:bg-plum-50 active:scale-[0.97] disabled:opacity-60"
      >
        {t`Turn off`}
      </button>
    </section>
  );
}
