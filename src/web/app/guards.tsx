import { Navigate, Outlet } from 'react-router';
import { Logo } from '../components/ui/logo';
import { useAuth } from '../features/auth/session';

/** Shown while the first session check runs and there is no stored user. */
export function SplashScreen() {
  return (
    <div role="status" aria-live="polite" className="grid min-h-dvh place-items-center bg-cream-100">
      <div className="flex flex-col items-center gap-4">
        <div className="animate-pulse">
          <Logo size="lg" />
        </div>
        <span className="text-sm text-ink-soft">Loading...</span>
      </div>
    </div>
  );
}

/** Visitors are sent to '/' (spec 6). A restored user renders at once while the check runs. */
export function RequireAuth() {
  const { user, isLoading } = useAuth();
  if (user) return <Outlet />;
  if (isLoading) return <SplashScreen />;
  return <Navigate to="/" replace />;
}
