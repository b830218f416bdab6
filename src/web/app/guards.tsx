import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { withMessages } from '../lib/i18n';
import { forgetReturnTo, pendingReturnTo } from '../lib/return-to';
import { Logo } from '../components/ui/logo';
import { useAuth } from '../lib/session';

// The 404 page is not part of the landing page's first paint: it loads when shown. A screen, not a part (lazyPart):
// offline, the router's error screen says so.
const NotFoundPage = lazy(
  withMessages('visitor', () => import('./not-found-page').then((m) => ({ default: m.NotFoundPage }))),
);

/** Shown while the first session check runs and there is no stored user. */
export function SplashScreen() {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite" className="grid min-h-dvh place-items-center bg-cream-100">
      <div className="flex flex-col items-center gap-4">
        <div className="animate-pulse">
          <Logo size="lg" />
        </div>
        <span className="text-sm text-ink-soft">{t`Loading…`}</span>
      </div>
    </div>
  );
}

/**
 * Visitors are sent to '/' (product §6). Private screens wait for the server's session check, so a session
 * that ended goes to '/' before any private screen renders or fires a request.
 */
export function RequireAuth() {
  const { user, isLoading } = useAuth();
  // A login that came from a link going somewhere (lib/return-to.ts) continues there, once.
  const returnTo = user ? pendingReturnTo() : null;
  useEffect(() => {
    if (returnTo) forgetReturnTo();
  }, [returnTo]);
  if (isLoading) return <SplashScreen />;
  if (user) return returnTo ? <Navigate to={returnTo} replace /> : <Outlet />;
  return <Navigate to="/" replace />;
}

/** The moderation console: a member gets the 404 page (the API answers her 403 anyway). */
export function RequireModerator() {
  const { user } = useAuth();
  return user?.role === 'moderator' ? (
    <Outlet />
  ) : (
    <Suspense fallback={<SplashScreen />}>
      <NotFoundPage />
    </Suspense>
  );
}
