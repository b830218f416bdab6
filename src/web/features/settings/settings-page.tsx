import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, GraduationCap, LogOut } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/session';
import { useOnboarding } from '../onboarding/onboarding';

export function SettingsPage() {
  const { user, logout } = useAuth();
  const { start } = useOnboarding();
  const [signingOut, setSigningOut] = useState(false);
  useDocumentTitle('Settings · Steep');

  if (!user) return <p className="p-6 text-ink-soft">Loading...</p>;

  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <div className="flex items-center gap-1">
        <Link to="/home" className={buttonClasses('ghost', 'md') + ' -ml-2 px-3'}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to Home
        </Link>
      </div>
      <h1 className="px-1 font-display text-3xl font-semibold text-plum-900">Settings</h1>

      <Card className="grid gap-4">
        <div className="flex items-start gap-3">
          <span
            aria-hidden
            className="grid size-11 shrink-0 place-items-center rounded-2xl bg-matcha-100 text-matcha-700"
          >
            <GraduationCap className="size-5" />
          </span>
          <div>
            <h2 className="font-semibold text-ink">Help &amp; Tutorial</h2>
            <p className="text-sm leading-snug text-ink-soft">
              Replay the quick tour of swiping, matching and premium features.
            </p>
          </div>
        </div>
        <Button variant="secondary" block onClick={start}>
          Start Tutorial
        </Button>
      </Card>

      <Card className="grid gap-4">
        <div>
          <h2 className="font-semibold text-ink">Account</h2>
          <p className="text-sm text-ink-soft">
            Signed in as <span className="font-medium text-ink">@{user.username}</span>
          </p>
        </div>
        <Button
          variant="danger"
          block
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void logout();
          }}
        >
          <LogOut className="size-4" aria-hidden />
          {signingOut ? 'Signing out…' : 'Sign Out'}
        </Button>
      </Card>

      <p className="px-2 text-center text-xs leading-relaxed text-ink-soft">
        Ghost mode, verification, notification and subscription settings are coming soon.
      </p>
    </div>
  );
}
