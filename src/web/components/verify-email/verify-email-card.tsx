import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MailWarning, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountApi } from '../../../contract/api/account';
import { NOTHING_TO_CONFIRM } from '../../../contract/account';
import { apiCall, errorText, isApiError } from '../../lib/api';
import { CHANGE_EMAIL, ENTER_EMAIL_CODE } from '../../lib/email-code';
import { useAuth } from '../../lib/session';
import { toast } from '../ui/toast';
import { EmailAddress } from '../email-address';
import { Button, buttonClasses } from '../ui/button';
import { nextControlAfter } from '../../lib/next-control';

/** Hidden for this browser session (this tab, reloads included): the next visit reminds her again. */
const HIDDEN_KEY = 'verifyEmailReminderHidden';

function hiddenFor(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(HIDDEN_KEY) === userId;
  } catch {
    return false;
  }
}

function hideFor(userId: string): void {
  try {
    window.sessionStorage.setItem(HIDDEN_KEY, userId);
  } catch {
    // Storage unavailable: hidden until the page is reloaded.
  }
}

type Sent = { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'failed'; message: string };

/**
 * A card, not an overlay (one overlay at a time): the address the code went to, Enter code (Settings → Email with
 * the code field focused), Send a new code (the same request as Settings' "Send a new code") and Change email.
 */
export function VerifyEmailCard({ userId, email }: { userId: string; email: string }) {
  const { t } = useLingui();
  const headingId = useId();
  const card = useRef<HTMLElement>(null);
  const [hidden, setHidden] = useState(() => hiddenFor(userId));
  const [sent, setSent] = useState<Sent>({ state: 'idle' });
  const { refreshUser } = useAuth();
  // Set at the press, not on the next render: two quick taps would otherwise send two codes.
  const sending = useRef(false);

  // Confirmed on her other device meanwhile: a fresh look at her account, whenever Discover shows the card or the
  // app comes back to the front, takes the card away.
  useEffect(() => {
    void refreshUser();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUser();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refreshUser]);

  if (hidden) return null;

  const resend = async () => {
    if (sending.current) return;
    sending.current = true;
    setSent({ state: 'sending' });
    try {
      // Its own route, not the change of address: it can only send to the address already waiting, so it needs
      // no password.
      await apiCall(accountApi.resendEmailCode);
      setSent({ state: 'sent' });
    } catch (caught) {
      if (isApiError(caught) && caught.body?.code === NOTHING_TO_CONFIRM) {
        // Nothing was sent: it is confirmed already. The card goes, her focus on to what follows it.
        if (card.current) nextControlAfter(card.current)?.focus();
        toast({ title: caught.message });
        await refreshUser();
        return;
      }
      setSent({ state: 'failed', message: errorText(caught) });
    } finally {
      sending.current = false;
    }
  };

  const hide = () => {
    // The card is going: her focus goes on to what follows it, not to the top of the page.
    if (card.current) nextControlAfter(card.current)?.focus();
    hideFor(userId);
    setHidden(true);
  };

  return (
    <section
      ref={card}
      aria-labelledby={headingId}
      data-testid="verify-email-reminder"
      className="grid gap-3 rounded-(--radius-card) border border-plum-100 bg-plum-50 p-4 shadow-card"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden className="grid size-11 shrink-0 place-items-center rounded-2xl bg-white text-plum-700">
          <MailWarning className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold text-plum-900">
            {t`Confirm your email`}
          </h2>
          <p className="text-sm leading-snug [overflow-wrap:anywhere] text-ink-soft">
            <Trans>
              We emailed a 6-digit code to <EmailAddress email={email}>.</EmailAddress> Until you confirm it, a
              forgotten password cannot be reset.
            </Trans>
          </p>
        </div>
        <button
          type="button"
          onClick={hide}
          aria-label={t`Hide this reminder`}
          className="-mt-1.5 -mr-1.5 grid size-11 shrink-0 place-items-center rounded-full text-ink-soft transition-colors hover:bg-plum-100 hover:text-plum-800"
        >
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Link to={ENTER_EMAIL_CODE.path} className={buttonClasses('primary', 'md', true)}>
          {t`Enter code`}
        </Link>
        {/* Not disabled while it sends: a disabled button drops her focus; a second press is ignored instead. */}
        <Button variant="outline" block onClick={() => void resend()}>
          {sent.state === 'sending' ? t`Sending…` : t`Send a new code`}
        </Button>
      </div>
      <div className="grid min-w-0">
        {/* Always in the page, so a screen reader hears what it says when it fills. */}
        <p role="status" className="text-sm [overflow-wrap:anywhere] text-ink">
          {sent.state === 'sent' && (
            <Trans>
              We sent a new code to <EmailAddress email={email}>.</EmailAddress> Only the newest code works.
            </Trans>
          )}
          {sent.state === 'failed' && <span className="text-red-700">{sent.message}</span>}
        </p>
        <p className="text-sm text-ink-soft">
          <Trans>
            Wrong address?{' '}
            <Link
              to={CHANGE_EMAIL.path}
              className="inline-flex min-h-11 items-center font-semibold text-plum-700 underline underline-offset-4"
            >
              Change email
            </Link>
          </Trans>
        </p>
      </div>
    </section>
  );
}
