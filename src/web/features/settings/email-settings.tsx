import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Mail } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import { NEW_CODE_NEEDED, NOTHING_TO_CONFIRM, type EmailStatus } from '../../../contract/account';
import { accountApi } from '../../../contract/api/account';
import type { SelfUser } from '../../../contract/users';
import { EmailAddress } from '../../components/email-address';
import { PasswordInput } from '../../components/password/password-input';
import { Button } from '../../components/ui/button';
import { Field, Input, describedBy } from '../../components/ui/field';
import { apiCall, isApiError } from '../../lib/api';
import { CHANGE_EMAIL, ENTER_EMAIL_CODE } from '../../lib/email-code';
import { serverFieldErrors, useFocusFirstInvalid } from '../../lib/form-errors';
import { useAuth } from '../../lib/session';
import { useFocusNext } from '../../lib/focus-next';
import { clearEmailDraft, readEmailDraft, saveEmailDraft } from './email-draft';

/** A refusal's words: the server writes them in her language, the field's own message first. */
const messageOf = (error: unknown) => {
  if (!isApiError(error)) return translate`Something went wrong`;
  return error.body?.errors?.[0]?.message ?? error.body?.message ?? error.message;
};

/** What is wrong, by the field it is said beside. */
type Problems = Partial<Record<'email' | 'currentPassword' | 'code', string>>;

/**
 * A refused new address, each problem beside its field. Too many wrong passwords (429) names no field, but it is
 * about the password: said there, where she would type another.
 */
function addressProblems(error: unknown): Problems {
  const { errors, complete } = serverFieldErrors(error, ['email', 'currentPassword'] as const);
  if (complete) return errors;
  if (isApiError(error) && error.status === 429) return { currentPassword: messageOf(error) };
  return { email: messageOf(error) };
}

const nothingToConfirm = (error: unknown) => isApiError(error) && error.body?.code === NOTHING_TO_CONFIRM;
const codeSpentBy = (error: unknown) => isApiError(error) && error.body?.code === NEW_CODE_NEEDED;
/** Another account confirmed the address first: the server dropped it, nothing can confirm it here. */
const takenMeanwhile = (error: unknown) => isApiError(error) && error.status === 409 && !nothingToConfirm(error);

/** The address waiting for a code: her pending new one, or her first one while it is unconfirmed. */
function waitingAddressOf(user: SelfUser | null): string | null {
  if (!user?.email) return null;
  return user.emailVerified ? (user.pendingEmail ?? null) : user.email;
}

/**
 * Settings → Email: her address and whether it is confirmed, add or change it, confirm it with the mailed 6-digit
 * code. A confirmed email is what a forgotten password's reset link goes to. While an address waits for its code,
 * the code field is always here (a code mailed at sign-up, or asked for on another device, is typed in wherever she
 * is), with Send a new code. The server answers 202 to every address (taken or not, so the form tells nobody who is
 * a member), so a new address always goes on to the code step. Adding or changing the address asks for her
 * password. Arriving from sign-up's "Enter code", the code field is put in front of her; from the email reminder's
 * "Change email", the field for a new address.
 *
 * Changing a confirmed email leaves it hers until the new address is confirmed: the card keeps showing the
 * confirmed one, and below it "Waiting for you to confirm" the new one (in full: a typo is what she needs to see),
 * with the code field, Send a new code, Use another email and Cancel change.
 *
 * What happened is said in the card, on one line under her address (no toast over the card she is reading), and
 * her focus goes there after a confirmation or a cancel: the button she pressed is gone, and a control in its place
 * would take a second Enter as a new press. The card follows the server, never its own guess: her account is
 * fetched again when the app comes back to the front, and an answer saying nothing waits any more (confirmed or
 * cancelled on her other device) is said plainly, never as "verified".
 */
export function EmailSettings() {
  const id = useId();
  const { user, refreshUser } = useAuth();
  const [params] = useSearchParams();
  const changeAsked = CHANGE_EMAIL.askedIn(params);
  const userId = user?.id ?? '';
  const [draft] = useState(() => readEmailDraft(userId));
  const [editing, setEditing] = useState(() => (changeAsked && Boolean(user?.email)) || (draft?.open ?? false));
  const [address, setAddress] = useState(() => draft?.address ?? (changeAsked ? (user?.email ?? '') : ''));
  /** Asked with every new address: with only her session, someone could otherwise take the account. */
  const [password, setPassword] = useState('');
  /** Sent from this screen: said under the field, as only the newest code works. */
  const [resent, setResent] = useState(false);
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  /**
   * A code with too many wrong guesses, and the server's words for it: no code is taken for that address until a
   * new one is sent. Said under the field whatever else she does in the card, until she types another code (one
   * sent from her other device is taken).
   */
  const [spent, setSpent] = useState<{ address: string | null; message: string } | null>(null);
  /** What just happened, said under her address. */
  const [notice, setNotice] = useState<string>();
  /** The request out, if any: its own button says so ("Sending…" on a resend, not "Checking…" on Confirm). */
  const [busy, setBusy] = useState<'send' | 'resend' | 'confirm' | 'cancel' | null>(null);
  /** Set at the press, not on the next render: a second Enter or tap before it re-renders is ignored. */
  const inFlight = useRef(false);
  const { formRef, focusFirst } = useFocusFirstInvalid();
  const { t } = useLingui();
  const codeField = useRef<HTMLInputElement>(null);
  const addressField = useRef<HTMLInputElement>(null);
  const noticeLine = useRef<HTMLParagraphElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const resendButton = useRef<HTMLButtonElement>(null);
  const anotherButton = useRef<HTMLButtonElement>(null);
  /**
   * Where her focus goes once the card has changed under it: the code field after a code went out, the address
   * field when she must give another (what is in it selected, so typing replaces it and an arrow key mends a typo),
   * the button that opened the form when she closes it, Send a new code when her code is spent, else the line
   * saying what happened (not a button: see above).
   */
  const focusNext = useFocusNext(
    {
      code: codeField,
      address: addressField,
      change: changeButton,
      another: anotherButton,
      resend: resendButton,
      notice: noticeLine,
    },
    ['address'],
  );

  const waiting = waitingAddressOf(user);
  /** The address the card shows waiting for a code, as last drawn. */
  const shownWaiting = useRef(waiting);
  useEffect(() => {
    shownWaiting.current = waiting;
  }, [waiting]);

  // Confirmed or cancelled on her other device meanwhile: a fresh look when the app comes back to the front, and
  // a code field that went with it is explained, not just gone.
  useEffect(() => {
    const onVisible = async () => {
      if (document.visibilityState !== 'visible' || inFlight.current) return;
      const before = shownWaiting.current;
      const inCard = Boolean(formRef.current?.contains(document.activeElement));
      const fresh = await refreshUser();
      // Her own action here, begun meanwhile, says what happened itself.
      if (!fresh || !before || inFlight.current || waitingAddressOf(fresh) === before) return;
      setCode('');
      setResent(false);
      setProblems({});
      if (waitingAddressOf(fresh)) return;
      const confirmed = fresh.emailVerified ? fresh.email : null;
      if (!confirmed) return;
      // The form she was in is gone: her focus goes to what replaced it rather than to the top of the page.
      if (inCard) focusNext('notice');
      setNotice(
        confirmed === before
          ? t`Already confirmed: your email is ${confirmed}.`
          : t`That change was cancelled. Your email stays ${confirmed}.`,
      );
    };
    const listener = () => void onVisible();
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  }, [refreshUser, formRef, t, focusNext]);

  const arrived = useRef(false);
  /** The field she was sent to, focused once, with its form in view. */
  const focusOnArrival = useCallback((input: HTMLInputElement | null) => {
    if (!input || arrived.current) return;
    arrived.current = true;
    input.focus({ preventScroll: true });
    // A frame later: the router's scroll restoration puts a new screen at its top after this ref is attached. Her
    // form whole above the tab bar where it fits, but never her card's "Email" heading under the top bar (html's
    // scroll-padding keeps a scrolled-to element clear of both bars) nor the form's button under the tab bar (the
    // field alone left it there). Centring the form put the heading under the top bar on a short phone.
    requestAnimationFrame(() => {
      const form = input.form;
      (form ?? input).scrollIntoView({ block: 'end' });
      input.closest('[data-settings-card]')?.querySelector('h2')?.scrollIntoView({ block: 'nearest' });
      form?.querySelector('[type="submit"]')?.scrollIntoView({ block: 'nearest' });
    });
  }, []);
  const codeFieldOnArrival = useCallback(
    (input: HTMLInputElement | null) => {
      codeField.current = input;
      focusOnArrival(input);
    },
    [focusOnArrival],
  );
  const addressFieldOnArrival = useCallback(
    (input: HTMLInputElement | null) => {
      addressField.current = input;
      focusOnArrival(input);
    },
    [focusOnArrival],
  );
  if (!user) return null;
  const email = user.email;
  const verified = user.emailVerified && email !== null;
  /** A new address waiting for its code while her confirmed one stays (only with a confirmed one). */
  const pending = verified ? user.pendingEmail : null;
  const codeRef = ENTER_EMAIL_CODE.askedIn(params) ? codeFieldOnArrival : codeField;
  const codeSpent = spent !== null && spent.address === waiting;

  /** Runs one request at a time: a second press while one is out does nothing. */
  const once = async (action: NonNullable<typeof busy>, work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(action);
    setProblems({});
    setNotice(undefined);
    try {
      await work();
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  /**
   * The answer "nothing waits for a code" (confirmed or cancelled elsewhere): her account as it is now, said plainly.
   * `asked`: the address this card was confirming (a change of her confirmed one when `pending` was set).
   */
  const sayNothingWaits = async (asked: string | null, serverMessage: string) => {
    const wasChange = pending !== null;
    const fresh = await refreshUser();
    setCode('');
    setResent(false);
    const confirmed = fresh?.emailVerified ? fresh.email : null;
    setNotice(
      confirmed && confirmed === asked
        ? t`Already confirmed: your email is ${confirmed}.`
        : confirmed && wasChange
          ? t`That change was cancelled. Your email stays ${confirmed}.`
          : serverMessage,
    );
    focusNext('notice');
  };

  /** The address was confirmed by another account first: gone from hers; she is asked for another, with why. */
  const askForAnother = async (message: string) => {
    await refreshUser();
    setCode('');
    setResent(false);
    setEditing(true);
    setAddress('');
    setPassword('');
    setProblems({ email: message });
    focusNext('address');
  };

  const sent = (status: EmailStatus, again: boolean) => {
    setEditing(false);
    setCode('');
    setSpent(null);
    setPassword('');
    if (status.verified && !status.pendingEmail) {
      // Her confirmed address again: nothing to confirm (a pending change, if any, is over).
      setResent(false);
      setNotice(status.message);
      focusNext('notice');
      return;
    }
    // Only the newest code works: said after a new one, and after any send to an unconfirmed first address.
    setResent(again || !status.verified);
    // The button she pressed was disabled while it sent: her focus goes where the new code is typed.
    focusNext('code');
  };

  const sendNewAddress = (event: FormEvent) => {
    event.preventDefault();
    const to = address.trim();
    if (!to || !password) {
      setProblems({
        ...(to ? {} : { email: t`Enter your email address` }),
        ...(password ? {} : { currentPassword: t`Enter your current password` }),
      });
      focusFirst();
      return;
    }
    void once('send', async () => {
      try {
        const status = await apiCall(accountApi.setEmail, { body: { email: to, currentPassword: password } });
        clearEmailDraft();
        await refreshUser();
        sent(status, false);
      } catch (caught) {
        setProblems(addressProblems(caught));
        focusFirst();
      }
    });
  };

  const sendAgain = () =>
    once('resend', async () => {
      const asked = waiting;
      try {
        const status = await apiCall(accountApi.resendEmailCode);
        await refreshUser();
        sent(status, true);
      } catch (caught) {
        if (nothingToConfirm(caught)) await sayNothingWaits(asked, messageOf(caught));
        else setProblems({ code: messageOf(caught) });
      }
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) {
      setProblems({ code: t`Enter the 6-digit code` });
      focusFirst();
      return;
    }
    void once('confirm', async () => {
      const asked = waiting;
      try {
        const status = await apiCall(accountApi.verifyEmail, { body: { code } });
        setResent(false);
        setCode('');
        await refreshUser();
        setNotice(status.message);
        focusNext('notice');
      } catch (caught) {
        if (nothingToConfirm(caught)) await sayNothingWaits(asked, messageOf(caught));
        else if (takenMeanwhile(caught)) await askForAnother(messageOf(caught));
        else if (codeSpentBy(caught)) {
          // Confirm would only be refused again: it waits for a new code, which is where her focus goes.
          setSpent({ address: asked, message: messageOf(caught) });
          focusNext('resend');
        } else {
          // A code replaced from her other device (another address asked for there): the card shows the address
          // waiting now, so "use the latest email" points at the right one.
          await refreshUser();
          setProblems({ code: messageOf(caught) });
          focusFirst();
        }
      }
    });
  };

  const cancelChange = () =>
    once('cancel', async () => {
      const asked = pending;
      try {
        const status = await apiCall(accountApi.cancelEmailChange);
        setResent(false);
        setCode('');
        // Nothing was waiting any more: say what became of it, not that it was cancelled.
        if (status.email === asked && status.verified) await sayNothingWaits(asked, status.message);
        else {
          await refreshUser();
          setNotice(status.message);
          focusNext('notice');
        }
      } catch (caught) {
        setProblems({ code: messageOf(caught) });
      }
    });

  /** Opens the form for a new address, with what she typed there last if she left it unsent. */
  const openForm = (prefill: string) => {
    const saved = readEmailDraft(user.id);
    // Open again when she comes back, if she leaves it open this time.
    if (saved) saveEmailDraft(user.id, { ...saved, open: true });
    setEditing(true);
    setAddress(saved?.address ?? prefill);
    setProblems({});
    setNotice(undefined);
    focusNext('address');
  };

  /** Back to where she opened the form from, what she typed kept for next time (not the password). */
  const closeForm = () => {
    const saved = readEmailDraft(user.id);
    if (saved) saveEmailDraft(user.id, { ...saved, open: false });
    setPassword('');
    // The button she opened it with: Use another email beside a code field, else Change Email.
    focusNext(waiting ? 'another' : 'change');
    setEditing(false);
    setProblems({});
  };

  const codeHint = t`No email? Check your spam folder, send a new code, or use another email.`;
  const { currentPassword: passwordError, email: addressError } = problems;
  // A spent code's "ask for a new one" stays while it is why Confirm cannot be pressed.
  const codeError = problems.code ?? (codeSpent ? spent?.message : undefined);
  const passwordHint = t`To keep your account yours, changing your email asks for your password.`;
  const codeInput = (
    <Field id={`${id}-code`} label={t`6-digit code`} error={codeError} hint={codeHint}>
      <Input
        ref={codeRef}
        id={`${id}-code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        {...describedBy(`${id}-code`, { error: codeError, hint: codeHint })}
        onChange={(e) => {
          // A pasted "107 741" keeps all six digits: spaces and dashes go before the length is counted.
          setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
          setProblems({});
          setSpent(null);
        }}
        className="tracking-widest"
      />
    </Field>
  );
  const resendCodeButton = (
    <Button
      ref={resendButton}
      type="button"
      variant="outline"
      disabled={busy !== null}
      onClick={() => void sendAgain()}
    >
      {busy === 'resend' ? t`Sending…` : t`Send a new code`}
    </Button>
  );
  const anotherEmailButton = (current: string) => (
    <Button
      ref={anotherButton}
      type="button"
      variant="outline"
      disabled={busy !== null}
      onClick={() => openForm(current)}
    >
      {t`Use another email`}
    </Button>
  );

  const state = verified ? t`Verified` : email ? t`Not verified` : t`No email yet`;
  return (
    <div className="grid min-w-0 gap-3" data-testid="settings-email">
      <div className="flex items-center gap-3 rounded-2xl bg-cream-100 p-3">
        <Mail className="size-5 shrink-0 text-plum-600" aria-hidden />
        <div className="min-w-0 flex-1">
          {/* Anywhere, not break-word: the row's min-content stays small, so a very long address cannot widen the
              card; the address's own <wbr>s come first, so a normal one breaks only after its @ or before a dot. */}
          <p className="text-sm font-semibold [overflow-wrap:anywhere] text-ink" data-testid="account-email">
            {email ? <EmailAddress email={email} /> : t`No email added`}
          </p>
          <p className="text-xs text-ink-soft">
            {verified
              ? t`A reset link can reach you here if you forget your password.`
              : email
                ? t`Until it is verified, a forgotten password cannot be reset.`
                : t`Add one so a reset link can reach you if you forget your password.`}
          </p>
        </div>
        <span
          className={
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ' +
            (verified ? 'bg-matcha-100 text-matcha-700' : 'bg-plum-100 text-plum-800')
          }
        >
          {state}
        </span>
      </div>
      {/* Always in the page, so a screen reader hears it when it fills; focused by script only (tabIndex -1). A
          filled line with an accent bar, not a bordered box: with her focus ring round it, a box read as a text field. */}
      <p
        ref={noticeLine}
        role="status"
        tabIndex={-1}
        data-shows-focus
        data-testid="email-notice"
        className="rounded-r-xl border-l-4 border-plum-400 bg-plum-50 px-3 py-2.5 text-sm font-medium [overflow-wrap:anywhere] text-ink empty:hidden"
      >
        {notice}
      </p>

      {pending && !editing ? (
        <form
          ref={formRef}
          className="grid gap-3 rounded-2xl border border-plum-200 p-3"
          onSubmit={confirm}
          noValidate
          aria-label={t`Confirm your new email`}
          data-testid="pending-email"
        >
          <div role="status" className="grid gap-1 text-sm text-ink">
            <p>
              {/* The address on a line of its own: a long one wraps at its own breaks (after the @, before a dot),
                  and only a part longer than the line is broken inside. */}
              <Trans>
                Waiting for you to confirm{' '}
                <strong className="block font-semibold [overflow-wrap:anywhere]" data-testid="pending-email-address">
                  <EmailAddress email={pending} />
                </strong>
              </Trans>
            </p>
            <p className="text-ink-soft [overflow-wrap:anywhere]">
              {resent ? (
                <Trans>We sent a new code there. Only the newest code works.</Trans>
              ) : (
                <Trans>Enter the 6-digit code we emailed there.</Trans>
              )}{' '}
              {email && (
                <Trans>
                  Until then your email stays <EmailAddress email={email}>.</EmailAddress>
                </Trans>
              )}
            </p>
          </div>
          {codeInput}
          <Button type="submit" block disabled={busy !== null || codeSpent}>
            {busy === 'confirm' ? t`Checking…` : t`Confirm New Email`}
          </Button>
          {/* One under the other: side by side, in the box at 390 px, each label wrapped onto two or three lines. */}
          <div className="grid gap-2">
            {resendCodeButton}
            {anotherEmailButton(pending)}
          </div>
          <Button type="button" variant="ghost" block disabled={busy !== null} onClick={() => void cancelChange()}>
            {t`Cancel change`}
          </Button>
        </form>
      ) : email && !verified && !editing ? (
        <form ref={formRef} className="grid gap-3" onSubmit={confirm} noValidate aria-label={t`Confirm your email`}>
          <p role="status" className="text-sm [overflow-wrap:anywhere] text-ink">
            {resent ? (
              <Trans>
                We sent a new code to <EmailAddress email={email}>.</EmailAddress> Only the newest code works.
              </Trans>
            ) : (
              <Trans>
                Enter the 6-digit code we emailed to <EmailAddress email={email}>.</EmailAddress>
              </Trans>
            )}
          </p>
          {codeInput}
          <Button type="submit" block disabled={busy !== null || codeSpent}>
            {busy === 'confirm' ? t`Checking…` : t`Verify Email`}
          </Button>
          <div className="grid grid-cols-2 gap-2">
            {resendCodeButton}
            {anotherEmailButton(email)}
          </div>
        </form>
      ) : editing || !email ? (
        <form
          ref={formRef}
          className="grid gap-3"
          aria-label={email ? t`Change your email` : t`Add your email`}
          // The app's own words under the field for a malformed address, not the browser's bubble.
          noValidate
          onSubmit={sendNewAddress}
          // Escape closes it as Cancel does (there is nothing to go back to without an address yet).
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !email || busy !== null) return;
            event.preventDefault();
            closeForm();
          }}
        >
          <Field
            id={`${id}-email`}
            label={email ? t`New email` : t`Email`}
            error={addressError}
            hint={verified ? t`Your email stays the current one until you confirm the new one.` : undefined}
          >
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              // Opened by "Use another email" or "Change Email": her focus goes with her to the field.
              autoFocus={editing}
              // Arriving from the email reminder's "Change email": in view too, after the router's scroll.
              ref={changeAsked ? addressFieldOnArrival : addressField}
              value={address}
              {...describedBy(`${id}-email`, {
                error: addressError,
                hint: verified ? t`Your email stays the current one until you confirm the new one.` : undefined,
              })}
              onChange={(e) => {
                setAddress(e.target.value);
                saveEmailDraft(user.id, { address: e.target.value, open: Boolean(email) });
                if (addressError) setProblems(({ email: _, ...rest }) => rest);
              }}
              placeholder={t`you@example.com`}
            />
          </Field>
          {/* The address reset links go to is the key to the account: a stolen session alone must not change it. */}
          <Field id={`${id}-password`} label={t`Your Steep password`} error={passwordError} hint={passwordHint}>
            <PasswordInput
              id={`${id}-password`}
              autoComplete="current-password"
              value={password}
              {...describedBy(`${id}-password`, { error: passwordError, hint: passwordHint })}
              onChange={(e) => {
                setPassword(e.target.value);
                if (passwordError) setProblems(({ currentPassword: _, ...rest }) => rest);
              }}
            />
          </Field>
          <Button type="submit" variant="outline" block disabled={busy !== null}>
            {busy === 'send' ? t`Sending…` : t`Send Code`}
          </Button>
          {email && (
            <Button type="button" variant="ghost" block disabled={busy !== null} onClick={closeForm}>
              {t`Cancel`}
            </Button>
          )}
        </form>
      ) : (
        <Button ref={changeButton} variant="outline" block disabled={busy !== null} onClick={() => openForm('')}>
          {t`Change Email`}
        </Button>
      )}
    </div>
  );
}
