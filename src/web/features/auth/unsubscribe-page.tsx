import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailX } from 'lucide-react';
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
  useDocumentTitle('Unsubscribe · Steep');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useAuth();
  // Signed out, the settings are behind the login: log in first, then land on them.
  const settingsLink = user ? { to: '/preferences' } : loginThenReturnTo('/preferences');
  const [result, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const answer = token
    ? result
    : { ok: false, text: 'This unsubscribe link is incomplete. Choose what Steep sends you in Settings.' };

  useEffect(() => {
    if (!token) return;
    apiCall(notificationLinksApi.unsubscribe, { body: { token } })
      .then((result) => setAnswer({ ok: true, text: result.message }))
      .catch((error: unknown) =>
        setAnswer({
          ok: false,
          text: errorText(error, 'Could not reach Steep. Please open the link again in a moment.'),
        }),
      );
  }, [token]);

  return (
    <AuthScreen title="Email preferences" intro="One click from your email, no sign-in needed.">
      <div role="status" className="grid justify-items-center gap-3 rounded-2xl bg-matcha-50 p-5 text-center">
        <MailX className="size-8 text-matcha-700" aria-hidden />
        <p className="font-semibold text-ink">
          {answer ? (answer.ok ? 'You are unsubscribed' : 'Nothing changed') : 'Updating…'}
        </p>
        {answer && <p className="text-sm leading-relaxed text-ink-soft">{answer.text}</p>}
      </div>
      <Link {...settingsLink} className={buttonClasses('outline', 'md', true) + ' mt-4'}>
        Open notification settings
      </Link>
    </AuthScreen>
  );
}
