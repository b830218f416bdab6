import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/ui/button';
import { Field, Input, describedBy } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { PasswordInput } from '../../components/password/password-input';
import { errorText, isApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/form-errors';
import { useAuth } from '../../lib/session';
import { tryAgainInText } from '../../lib/wait-time-text';
import { rememberReturnTo, safeReturnTo } from '../../lib/return-to';
import { msg } from '@lingui/core/macro';
import type { LandingState } from './landing-page';
import type { ForgotPasswordState } from './forgot-password-page';

/** A failure no field can show, in words: a lockout says how long to wait; else the connection or the server. */
function loginFailure(error: unknown, i18n: I18n): { title: string; description: string } {
  if (isApiError(error) && error.status === 429) {
    return { title: i18n._(msg`Too many attempts`), description: tryAgainInText(i18n, error.retryAfterSeconds) };
  }
  return { title: i18n._(msg`Login failed`), description: errorText(error) };
}

export function LoginForm({
  onSwitchToSignUp,
  focusFirstField = false,
}: {
  onSwitchToSignUp?: (event: MouseEvent) => void;
  /** Her focus in Username as the form appears (the card was opened from the keyboard). */
  focusFirstField?: boolean;
}) {
  const { login } = useAuth();
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  // A link that sent her here to log in first (the unsubscribe page's settings link) names where she was going.
  const returnTo = safeReturnTo(useSearchParams()[0].get('returnTo'), '');
  // After a reset the form is hers: her username filled in, the new password still to type.
  const [prefilled] = useState(() => (location.state as LandingState | null)?.username ?? '');
  const [username, setUsername] = useState(prefilled);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { formRef, errors, refuse, clearError } = useFormErrors(['username', 'password'] as const);
  const [focusOnShow] = useState(focusFirstField);
  useEffect(() => {
    if (prefilled) {
      passwordRef.current?.focus({ preventScroll: true });
      // The whole form in view, its Log In button too (focus alone stops at the field's edge).
      formRef.current?.scrollIntoView({ block: 'end' });
    } else if (focusOnShow) {
      usernameRef.current?.focus();
    }
  }, [prefilled, focusOnShow, formRef]);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const missing = {
      ...(username.trim() ? {} : { username: t`Enter your username` }),
      ...(password ? {} : { password: t`Enter your password` }),
    };
    if (refuse(missing)) return;
    setPending(true);
    try {
      await login({ username: username.trim(), password });
      // No "Welcome back!" toast: Discover opening is the answer (Tinder, Hinge and Bumble say nothing either),
      // and a greeting left over covered the top of whatever screen she went to next.
      if (returnTo) rememberReturnTo(returnTo);
      await navigate('/home');
    } catch (error) {
      console.warn('Login failed', error);
      // A wrong pair is said beside Password, where she retypes; the answer never says which of the two was wrong.
      if (isApiError(error) && error.status === 401) refuse({ password: t`That username and password do not match` });
      else toast({ ...loginFailure(error, i18n), variant: 'destructive' });
      setPending(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} className="grid scroll-mb-4 gap-4" aria-label={t`Log in`} noValidate>
      <Field id="login-username" label={t`Username`} error={errors.username}>
        <Input
          ref={usernameRef}
          id="login-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            clearError('username');
          }}
          placeholder={t`your_username`}
          {...describedBy('login-username', { error: errors.username })}
        />
      </Field>
      <Field id="login-password" label={t`Password`} error={errors.password}>
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          required
          ref={passwordRef}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clearError('password');
          }}
          {...describedBy('login-password', { error: errors.password })}
        />
      </Field>
      <Link
        to="/forgot-password"
        onClick={(event) => {
          // Back from the reset screens returns to this login card, not to a sign-up draft the page would
          // otherwise reopen: this history entry remembers that the card was open on login.
          event.preventDefault();
          const here = { replace: true, state: { ...(location.state as object | null), openLogin: true } };
          // What she typed as her username comes along.
          const typed: ForgotPasswordState = { login: username.trim() };
          void Promise.resolve(navigate(location, here)).then(() => navigate('/forgot-password', { state: typed }));
        }}
        className="-mt-2 inline-flex min-h-11 items-center justify-self-end px-1 text-sm font-semibold text-plum-700 underline-offset-4 hover:underline"
      >
        {t`Forgot password?`}
      </Link>
      <Button type="submit" size="lg" block disabled={pending} className="mt-2">
        {pending ? t`Logging in…` : t`Log In`}
      </Button>
      {onSwitchToSignUp && (
        <p className="text-center text-sm text-ink-soft">
          {t`New to Steep?`}{' '}
          <button
            type="button"
            onClick={onSwitchToSignUp}
            className="min-h-11 px-1 font-semibold text-plum-700 underline-offset-4 hover:underline"
          >
            {t`Create an account`}
          </button>
        </p>
      )}
    </form>
  );
}
