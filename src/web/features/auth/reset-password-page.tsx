import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { accountApi } from '../../../contract/api/account';
import { Button, buttonClasses } from '../../components/ui/button';
import { Field, describedBy } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { apiCall, errorText, isApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/form-errors';
import { useAuth } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tryAgainInText } from '../../lib/wait-time-text';
import { AuthScreen } from './auth-screen';
import type { LandingState } from './landing-page';
import { PasswordInput } from '../../components/password/password-input';
import { PasswordRules } from '../../components/password/password-rules';
import { usePasswordScore } from '../../components/password/password-strength';
import { passwordProblemOnSubmit } from '../../components/password/password-text';

/** The server names the password `newPassword`; the form's confirmation field is its own. */
const fieldOf = (path: string) => (path === 'newPassword' ? 'password' : undefined);

/** The emailed link's screen (/reset-password?token=…): a new password by the product's rules, then login. */
export function ResetPasswordPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Choose a new password · Steep`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { setUser } = useAuth();
  const [password, setPassword] = useState('');
  // No personal words: who she is stays unknown until the reset is done (the server checks hers).
  const strength = usePasswordScore(password, []);
  const [confirm, setConfirm] = useState('');
  const { formRef, errors, setErrors, refuse, refuseFromServer } = useFormErrors<'password' | 'confirm'>(fieldOf);
  const [linkBroken, setLinkBroken] = useState(token.length < 20);
  // The link is checked as the page opens, so a used or expired one never shows the form.
  const [checked, setChecked] = useState(token.length < 20);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (token.length < 20) return;
    let current = true;
    apiCall(accountApi.checkPasswordReset, { body: { token } })
      .then(({ usable }) => {
        if (current && !usable) setLinkBroken(true);
      })
      .catch((error: unknown) => {
        // A link no token could be (a 400) is broken. Could not ask (offline, rate limited): the form stays, and
        // submitting says what is wrong.
        if (current && isApiError(error) && error.status === 400) setLinkBroken(true);
        else console.warn('Reset link check failed', error);
      })
      .finally(() => {
        if (current) setChecked(true);
      });
    return () => {
      current = false;
    };
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    const problem = await passwordProblemOnSubmit(i18n, password, strength, []);
    const mismatch = !problem && password !== confirm ? t`The passwords do not match` : undefined;
    if (refuse({ ...(problem ? { password: problem } : {}), ...(mismatch ? { confirm: mismatch } : {}) })) {
      setPending(false);
      return;
    }
    try {
      const { username } = await apiCall(accountApi.confirmPasswordReset, { body: { token, newPassword: password } });
      // Every session of hers ended with the reset, this browser's too.
      setUser(null);
      toast({ title: t`Password changed`, description: t`Log in with your new password.` });
      const landing: LandingState = { openLogin: true, username };
      await navigate('/', { replace: true, state: landing });
    } catch (error) {
      const field = isApiError(error) ? error.body?.errors?.[0] : undefined;
      if (field?.path === 'token') setLinkBroken(true);
      else if (!refuseFromServer(error)) {
        console.warn('Password reset failed', error);
        const limited = isApiError(error) && error.status === 429;
        toast({
          title: limited ? t`Too many attempts` : t`Could not change your password`,
          description: limited ? tryAgainInText(i18n, error.retryAfterSeconds) : errorText(error),
          variant: 'destructive',
        });
      }
      setPending(false);
    }
  }

  if (linkBroken) {
    return (
      <AuthScreen
        title={t`This link has expired or was already used`}
        intro={t`Reset links work once, for 30 minutes. Ask for a new one and use the newest email.`}
      >
        <Link to="/forgot-password" className={buttonClasses('primary', 'lg') + ' w-full'}>
          {t`Send a New Link`}
        </Link>
      </AuthScreen>
    );
  }

  if (!checked) {
    return (
      <AuthScreen title={t`Choose a new password`} intro={t`Checking your link…`}>
        <div
          role="status"
          aria-label={t`Checking your link`}
          className="h-40 animate-pulse rounded-2xl bg-cream-200/60"
        />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title={t`Choose a new password`}
      intro={t`You'll be signed out everywhere, then you can log in with the new one.`}
    >
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        className="grid gap-4"
        aria-label={t`Set a new password`}
        noValidate
      >
        <Field id="reset-password" label={t`New password`} error={errors.password}>
          <PasswordInput
            id="reset-password"
            name="new-password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors({});
            }}
            aria-describedby={errors.password ? 'reset-password-error reset-password-rules' : 'reset-password-rules'}
            aria-invalid={errors.password ? true : undefined}
          />
          <PasswordRules
            id="reset-password-rules"
            password={password}
            strength={strength}
            errorShown={Boolean(errors.password)}
          />
        </Field>
        <Field id="reset-confirm" label={t`Confirm new password`} error={errors.confirm}>
          <PasswordInput
            id="reset-confirm"
            name="confirm-password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              setErrors((current) => ({ ...current, confirm: undefined }));
            }}
            {...describedBy('reset-confirm', { error: errors.confirm })}
          />
        </Field>
        <Button type="submit" size="lg" block disabled={pending}>
          {pending ? t`Saving…` : t`Set New Password`}
        </Button>
      </form>
    </AuthScreen>
  );
}
