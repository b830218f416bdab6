import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download, KeyRound, Mail, Trash2 } from 'lucide-react';
import { accountApi } from '../../../contract/api/account';
import { EmailAddress } from '../../components/email-address';
import { Button } from '../../components/ui/button';
import { Field, Input, describedBy } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { apiCall, isApiError } from '../../lib/api';
import { CHANGE_EMAIL, ENTER_EMAIL_CODE } from '../../lib/email-code';
import { useFocusFirstInvalid } from '../../lib/form-errors';
import { useAuth } from '../../lib/session';
import { PasswordInput } from '../../components/password/password-input';
import { PasswordRules } from '../../components/password/password-rules';
import { passwordProblemText } from '../../components/password/password-text';
import { Trans, useLingui } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

/** A refusal's words: the server writes them in her language, the field's own message first. */
const messageOf = (error: unknown) => {
  if (!isApiError(error)) return t`Something went wrong`;
  return error.body?.errors?.[0]?.message ?? error.body?.message ?? error.message;
};

/** The field a refusal is about (`currentPassword`, `newPassword`…), when the server names one. */
const pathOf = (error: unknown) => (isApiError(error) ? error.body?.errors?.[0]?.path : undefined);

/**
 * Settings → Change password: her current one first; every other device is signed out. The new one shows
 * the sign-up rules ticked as she types, and a broken rule is said before the server is asked.
 */
export function ChangePasswordForm() {
  const id = useId();
  const { user } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<{ path?: string; message: string }>();
  const [busy, setBusy] = useState(false);
  const { formRef, focusFirst } = useFocusFirstInvalid();
  const { t, i18n } = useLingui();
  const currentError = error?.path === 'currentPassword' ? error.message : undefined;
  const newError = error && error.path !== 'currentPassword' ? error.message : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblemText(i18n, next);
    if (problem) {
      setError({ path: 'newPassword', message: problem });
      focusFirst();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await apiCall(accountApi.changePassword, {
        body: { currentPassword: current, newPassword: next },
      });
      toast({ title: t`Password changed`, description: t`You were signed out everywhere else.` });
      setCurrent('');
      setNext('');
    } catch (caught) {
      setError({ path: pathOf(caught), message: messageOf(caught) });
      focusFirst();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
      <Field id={`${id}-current`} label={t`Current password`} error={currentError}>
        <PasswordInput
          id={`${id}-current`}
          autoComplete="current-password"
          value={current}
          {...describedBy(`${id}-current`, { error: currentError })}
          onChange={(e) => {
            setCurrent(e.target.value);
            if (currentError) setError(undefined);
          }}
        />
      </Field>
      <Field id={`${id}-new`} label={t`New password`} error={newError}>
        <PasswordInput
          id={`${id}-new`}
          autoComplete="new-password"
          value={next}
          aria-describedby={newError ? `${id}-new-error ${id}-new-rules` : `${id}-new-rules`}
          aria-invalid={newError ? true : undefined}
          onChange={(e) => {
            setNext(e.target.value);
            if (newError) setError(undefined);
          }}
        />
        <PasswordRules
          id={`${id}-new-rules`}
          password={next}
          personalWords={user ? [user.username, user.name] : []}
          errorShown={Boolean(newError)}
        />
      </Field>
      <Button type="submit" variant="secondary" block disabled={busy || !current || !next}>
        <KeyRound className="size-4" aria-hidden />
        {busy ? t`Changing…` : t`Change Password`}
      </Button>
    </form>
  );
}

/** Settings → Data & Privacy: 'Download my data' and 'Delete my account' (password confirmation). */
export function DataAndPrivacy() {
  const id = useId();
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { formRef, focusFirst } = useFocusFirstInvalid();
  const { t } = useLingui();

  const download = async () => {
    try {
      const data = await apiCall(accountApi.exportData, {});
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'steep-my-data.json';
      link.click();
      URL.revokeObjectURL(url);
    } catch (caught) {
      toast({ title: t`Download failed`, description: messageOf(caught) });
    }
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await apiCall(accountApi.deleteAccount, { body: { password } });
      setUser(null);
      queryClient.clear();
      toast({ title: t`Account deleted`, description: t`Your account and everything in it are gone.` });
      void navigate('/', { replace: true });
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
      focusFirst();
    }
  };

  return (
    <div className="grid gap-2">
      <Button variant="outline" block onClick={() => void download()}>
        <Download className="size-4" aria-hidden />
        {t`Download my data`}
      </Button>
      {!confirming ? (
        <Button variant="danger" block onClick={() => setConfirming(true)}>
          <Trash2 className="size-4" aria-hidden />
          {t`Delete my account`}
        </Button>
      ) : (
        <form
          ref={formRef}
          className="grid gap-3 rounded-2xl border border-red-200 bg-red-50/60 p-3"
          onSubmit={(e) => void remove(e)}
        >
          <p className="text-sm text-ink">
            {t`This deletes your profile, photos, matches and conversations at once. It cannot be undone.`}
          </p>
          <Field id={`${id}-password`} label={t`Your password`} error={error}>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              {...describedBy(`${id}-password`, { error })}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <div className="grid grid-cols-2 gap-2">
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              {t`Keep my account`}
            </Button>
            <Button type="submit" variant="danger" disabled={busy || !password}>
              {busy ? t`Deleting…` : t`Delete forever`}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * Settings → Email: her address and whether it is confirmed, add or change it, confirm it with the
 * mailed 6-digit code. A confirmed email is what a forgotten password's reset link goes to. While her
 * address is unconfirmed the code field is always here (a code mailed at sign-up, or from another
 * device, is typed in wherever she is), with a way to have a new one sent. The server answers 202 to
 * every address (taken or not, so the form tells nobody who is a member), so this screen always goes on
 * to the code step. Arriving from sign-up's "Enter code", the code field is put in front of her; from the email
 * reminder's "Change email", the field for a new address.
 *
 * Changing a confirmed email leaves it hers until the new address is confirmed: the card keeps showing the
 * confirmed one, and below it "Waiting for you to confirm" the new one (in full: a typo is what she needs to
 * see), with the code field, Send a new code, Use another email and Cancel change. After a confirmation or a
 * cancel her focus lands on what the card shows next (Change Email), not the top of the page.
 */
export function EmailSettings() {
  const id = useId();
  const { user, refreshUser } = useAuth();
  const [params] = useSearchParams();
  const changeAsked = CHANGE_EMAIL.askedIn(params);
  const [editing, setEditing] = useState(() => changeAsked && Boolean(user?.email));
  const [address, setAddress] = useState(() => (changeAsked ? (user?.email ?? '') : ''));
  /** Asked with every new address: with only her session, someone could otherwise take the account. */
  const [password, setPassword] = useState('');
  /** Sent from this screen: said under the field, as only the newest code works. */
  const [resent, setResent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ path?: string; message: string }>();
  const [busy, setBusy] = useState(false);
  const { formRef, focusFirst } = useFocusFirstInvalid();
  const { t } = useLingui();
  const codeField = useRef<HTMLInputElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  /**
   * Where her focus goes once the card has changed under it (a confirmation, a cancel, leaving the new-address
   * form): the control the card shows next, as soon as it is there; the one she pressed is gone.
   */
  const focusNext = useRef<'change' | 'code' | null>(null);
  useEffect(() => {
    const target = focusNext.current === 'code' ? codeField.current : focusNext.current ? changeButton.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });
  const arrived = useRef(false);
  /** The field she was sent to, focused once, with its form in view. */
  const focusOnArrival = useCallback((input: HTMLInputElement | null) => {
    if (!input || arrived.current) return;
    arrived.current = true;
    input.focus({ preventScroll: true });
    // The field with its form's button in view (the field alone left the button under the tab bar), a frame
    // later: the router's scroll restoration puts a new screen at its top after this ref is attached.
    requestAnimationFrame(() => (input.form ?? input).scrollIntoView({ block: 'center' }));
  }, []);
  const codeFieldOnArrival = useCallback(
    (input: HTMLInputElement | null) => {
      codeField.current = input;
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

  /** A new address (with her password), or `again`: "Send a new code" to the address already waiting. */
  const sendCode = async (to: string | null) => {
    const again = to === null;
    setBusy(true);
    setError(undefined);
    try {
      const status = again
        ? await apiCall(accountApi.resendEmailCode)
        : await apiCall(accountApi.setEmail, { body: { email: to, currentPassword: password } });
      setEditing(false);
      setCode('');
      setPassword('');
      await refreshUser();
      if (status.verified && !status.pendingEmail) {
        // Her confirmed address again: nothing to confirm (a pending change, if any, is over).
        setResent(false);
        focusNext.current = 'change';
        toast({ title: status.message });
        return;
      }
      // Only the newest code works: said after a new one, and after any send to an unconfirmed first address (as before).
      setResent(again || !status.verified);
      // The button she pressed was disabled while it sent: her focus goes where the new code is typed.
      focusNext.current = 'code';
    } catch (caught) {
      setError({ path: pathOf(caught), message: messageOf(caught) });
      focusFirst();
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await apiCall(accountApi.verifyEmail, { body: { code } });
      focusNext.current = 'change';
      setResent(false);
      setCode('');
      await refreshUser();
      toast({ title: t`Email verified`, description: t`Your email is verified` });
    } catch (caught) {
      setError({ message: messageOf(caught) });
      focusFirst();
      // A conflict dropped the change: the card no longer asks for a code.
      if (isApiError(caught) && caught.status === 409) await refreshUser();
    } finally {
      setBusy(false);
    }
  };

  const cancelChange = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const status = await apiCall(accountApi.cancelEmailChange);
      focusNext.current = 'change';
      setResent(false);
      setCode('');
      await refreshUser();
      toast({ title: status.message });
    } catch (caught) {
      setError({ message: messageOf(caught) });
    } finally {
      setBusy(false);
    }
  };

  const codeHint = t`No email? Check your spam folder, send a new code, or use another email.`;
  const codeError = error?.message;
  const passwordError = error?.path === 'currentPassword' ? error.message : undefined;
  const addressError = error && !passwordError ? error.message : undefined;
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
          setError(undefined);
        }}
        className="tracking-widest"
      />
    </Field>
  );
  const anotherEmailButton = (current: string) => (
    <Button
      type="button"
      variant="outline"
      disabled={busy}
      onClick={() => {
        setEditing(true);
        setAddress(current);
        setError(undefined);
      }}
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

      {pending && !editing ? (
        <form
          ref={formRef}
          className="grid gap-3 rounded-2xl border border-plum-200 p-3"
          onSubmit={(e) => void confirm(e)}
          aria-label={t`Confirm your new email`}
          data-testid="pending-email"
        >
          <div role="status" className="grid gap-1 text-sm [overflow-wrap:anywhere] text-ink">
            <p>
              {/* The address on a line of its own: a long one wraps at its own breaks, not after "confirm". */}
              <Trans>
                Waiting for you to confirm{' '}
                <strong className="block font-semibold" data-testid="pending-email-address">
                  <EmailAddress email={pending} />
                </strong>
              </Trans>
            </p>
            <p className="text-ink-soft">
              {resent ? (
                <Trans>We sent a new code there. Only the newest code works.</Trans>
              ) : (
                <Trans>Enter the 6-digit code we emailed there.</Trans>
              )}{' '}
              {email && (
                <Trans>
                  Until then your email stays <EmailAddress email={email} />.
                </Trans>
              )}
            </p>
          </div>
          {codeInput}
          <Button type="submit" block disabled={busy || code.length !== 6}>
            {busy ? t`Checking…` : t`Confirm New Email`}
          </Button>
          {/* One under the other: side by side, in the box at 390 px, each label wrapped onto two or three lines. */}
          <div className="grid gap-2">
            <Button type="button" variant="outline" disabled={busy} onClick={() => void sendCode(null)}>
              {t`Send a new code`}
            </Button>
            {anotherEmailButton(pending)}
          </div>
          <Button type="button" variant="ghost" block disabled={busy} onClick={() => void cancelChange()}>
            {t`Cancel change`}
          </Button>
        </form>
      ) : email && !verified && !editing ? (
        <form ref={formRef} className="grid gap-3" onSubmit={(e) => void confirm(e)} aria-label={t`Confirm your email`}>
          <p role="status" className="text-sm [overflow-wrap:anywhere] text-ink">
            {resent ? (
              <Trans>
                We sent a new code to <EmailAddress email={email} />. Only the newest code works.
              </Trans>
            ) : (
              <Trans>
                Enter the 6-digit code we emailed to <EmailAddress email={email} />.
              </Trans>
            )}
          </p>
          {codeInput}
          <Button type="submit" block disabled={busy || code.length !== 6}>
            {busy ? t`Checking…` : t`Verify Email`}
          </Button>
          <div className="grid grid-cols-2 gap-2">
            <Button type="button" variant="outline" disabled={busy} onClick={() => void sendCode(null)}>
              {t`Send a new code`}
            </Button>
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
          onSubmit={(e) => {
            e.preventDefault();
            if (!password) {
              setError({ path: 'currentPassword', message: t`Enter your current password` });
              focusFirst();
              return;
            }
            void sendCode(address.trim());
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
              ref={changeAsked ? focusOnArrival : undefined}
              value={address}
              {...describedBy(`${id}-email`, {
                error: addressError,
                hint: verified ? t`Your email stays the current one until you confirm the new one.` : undefined,
              })}
              onChange={(e) => {
                setAddress(e.target.value);
                if (addressError) setError(undefined);
              }}
              placeholder={t`you@example.com`}
            />
          </Field>
          {/* The address reset links go to is the key to the account: a stolen session alone must not change it. */}
          <Field
            id={`${id}-password`}
            label={t`Your password`}
            error={passwordError}
            hint={t`To keep your account yours, changing your email asks for your password.`}
          >
            <PasswordInput
              id={`${id}-password`}
              autoComplete="current-password"
              value={password}
              {...describedBy(`${id}-password`, {
                error: passwordError,
                hint: t`To keep your account yours, changing your email asks for your password.`,
              })}
              onChange={(e) => {
                setPassword(e.target.value);
                if (passwordError) setError(undefined);
              }}
            />
          </Field>
          <Button type="submit" variant="secondary" block disabled={busy || !address.trim()}>
            {busy ? t`Sending…` : t`Send Code`}
          </Button>
          {email && (
            <Button
              type="button"
              variant="ghost"
              block
              onClick={() => {
                // Back to what the card showed: the code field of a pending change, else Change Email.
                focusNext.current = pending ? 'code' : 'change';
                setEditing(false);
                setError(undefined);
              }}
            >
              {t`Cancel`}
            </Button>
          )}
        </form>
      ) : (
        <div className="grid gap-2">
          <Button
            ref={changeButton}
            variant="outline"
            block
            onClick={() => {
              setEditing(true);
              setAddress('');
            }}
          >
            {t`Change Email`}
          </Button>
          {error && <p className="text-sm text-red-700">{error.message}</p>}
        </div>
      )}
    </div>
  );
}
