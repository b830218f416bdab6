import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailX } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { notificationLinksApi } from '../../../contract/api/push';
import { buttonClasses } from '../../components/ui/button';
import { apiCall, errorText } from '../../lib/api';
import { loginThenReturnTo } from '../../lib/return-to';
import { useAuth } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthScreen } from './auth-screen';

/**
 * /unsubscribe?token=… from a notification mail: one click, no sign-in. The page
 * sends the signed token when it opens (a link scanner that fetches the URL without running the page
 * changes nothing); the server turns off that kind of notification only.
 */
export function UnsubscribePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Unsubscribe · Steep`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useAuth();
  // Signed out, the settings are behind the login: log in first, then land on them.
  const settingsLink = user ? { to: '/preferences' } : loginThenReturnTo('/preferences');
  // A failure is kept as the error and put in words when shown, so a language switch re-words it too.
  const [result, setResult] = useState<{ ok: true; text: string } | { ok: false; error: unknown } | null>(null);
  const answer = !token
    ? { ok: false, text: t`This unsubscribe link is incomplete. Choose what Steep sends you in Settings.` }
    : result && {
        ok: result.ok,
        text: result.ok
          ? result.text
          : errorText(result.error, t`Could not reach Steep. Please open the link again in a moment.`),
      };

  useEffect(() => {
    if (!token) return;
    apiCall(notificationLinksApi.unsubscribe, { body: { token } })
      .then((answer) => setResult({ ok: true, text: answer.message }))
      .catch((error: unknown) => setResult({ ok: false, error }));
  }, [token]);

  return (
    <AuthScreen title={t`Email preferences`} intro={t`One click from your email, no sign-in needed.`}>
      <div role="status" className="grid justify-items-center gap-3 rounded-2xl bg-matcha-50 p-5 text-center">
        <MailX className="size-8 text-matcha-700" aria-hidden />
        <p className="font-semibold text-ink">
          {answer ? (answer.ok ? t`You are unsubscribed` : t`Nothing changed`) : t`Updating…`}
        </p>
        {answer && <p className="text-sm leading-relaxed text-ink-soft">{answer.text}</p>}
      </div>
      <Link {...settingsLink} className={buttonClasses('outline', 'md', true) + ' mt-4'}>
        {t`Open notification settings`}
      </Link>
    </AuthScreen>
  );
}
