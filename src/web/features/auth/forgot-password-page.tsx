import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Info, MailCheck } from 'lucide-react';
import { accountApi } from '../../../contract/api/account';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { apiCall, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tryAgainInText } from '../../lib/wait-time-text';
import { useLingui } from '@lingui/react/macro';
import { AuthScreen } from './auth-screen';

/** The login form's username, carried to this page's field. */
export interface ForgotPasswordState {
  login?: string;
}

/**
 * 'Forgot password?': her username or email. The answer is the server's, the same whether or not an
 * account matched, so this screen tells nobody who is a member.
 */

export function ForgotPasswordPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Forgot password · Steep`);
  const carried = (useLocation().state as ForgotPasswordState | null)?.login ?? '';
  const [login, setLogin] = useState(carried);
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  // Back from the answer: her focus returns to the field.
  const focusField = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || !login.trim()) return;
    setPending(true);
    try {
      const sent = await apiCall(accountApi.requestPasswordReset, { body: { login: login.trim() } });
      setAnswer(
        sent.message ??
          t`If that account has a verified email, a reset link is on its way. It works once, for 30 minutes.`,
      );
    } catch (error) {
      console.warn('Reset request failed', error);
      const limited = isApiError(error) && error.status === 429;
      toast({
        title: limited ? t`Too many attempts` : t`Could not send the link`,
        description: limited ? tryAgainInText(i18n, error.retryAfterSeconds) : t`Please try again`,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthScreen
      title={t`Forgot your password?`}
      intro={t`Enter your username or the email you verified in Settings. We'll email you a link to choose a new password.`}
    >
      {answer ? (
        <div className="grid gap-3">
          <div
            ref={(node) => node?.focus()}
            tabIndex={-1}
            role="status"
            className="grid justify-items-center gap-3 rounded-2xl bg-matcha-50 p-5 text-center focus:outline-none"
          >
            <MailCheck className="size-8 text-matcha-700" aria-hidden />
            <p className="font-semibold text-ink">{t`Check your email`}</p>
            <p className="text-sm leading-relaxed text-ink-soft">{answer}</p>
          </div>
          {/* Another username, or a second try once the first mail is late: the form again, with what she typed. */}
          <Button
            variant="outline"
            block
            onClick={() => {
              focusField.current = true;
              setAnswer(null);
            }}
          >
            {t`Send Another Link`}
          </Button>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label={t`Request a reset link`}>
          <Field id="forgot-login" label={t`Username or email`}>
            <Input
              id="forgot-login"
              ref={(node) => {
                if (node && focusField.current) {
                  focusField.current = false;
                  node.focus();
                }
              }}
              name="login"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={254}
              value={login}
              onChange={(e) => setLogin(e.target.value)}
              placeholder={t`your_username`}
            />
          </Field>
          <Button type="submit" size="lg" block disabled={pending || !login.trim()}>
            {pending ? t`Sending…` : t`Send Reset Link`}
          </Button>
        </form>
      )}
      <NoVerifiedEmailNote />
    </AuthScreen>
  );
}

/**
 * The same words for everyone, before and after sending: what to do when no link can come, without
 * saying whether this account exists or has an email.
 */
function NoVerifiedEmailNote() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="no-email-title" className="mt-5 grid gap-1.5 rounded-2xl bg-cream-100 p-4 text-sm">
      <h2 id="no-email-title" className="flex items-center gap-2 font-semibold text-ink">
        <Info className="size-4 shrink-0 text-plum-600" aria-hidden />
        {t`No email arriving?`}
      </h2>
      <p className="leading-relaxed text-ink-soft">
        {t`A link can only go to an email that was verified in Settings. Check your spam folder after a few minutes. If you never added or verified an email, no link can be sent: if you are still signed in somewhere, open Settings → Email there, add and verify one, then come back here.`}
      </p>
    </section>
  );
}
