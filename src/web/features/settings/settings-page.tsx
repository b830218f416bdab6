import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Switch } from 'radix-ui';
import {
  ArrowLeft,
  BadgeCheck,
  Bell,
  Crown,
  GraduationCap,
  LogOut,
  MessageSquareText,
  Pencil,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { Avatar } from '../../components/avatar';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/session';
import { GhostModeToggle } from '../discovery/ghost-mode-toggle';
import { useOnboarding } from '../onboarding/onboarding';

/** /settings (spec 2 Settings). Cards for features that arrive later show their controls disabled. */
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

      <Card className="grid gap-4 p-4">
        <div className="flex items-center gap-4">
          <Avatar name={user.name} photos={user.photos} className="size-14 text-2xl" />
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-semibold text-ink">{user.name}</h2>
            <p className="truncate text-sm text-ink-soft">@{user.username}</p>
          </div>
        </div>
        <Link to="/profile/edit" className={buttonClasses('outline', 'md', true)}>
          <Pencil className="size-4" aria-hidden />
          Edit Profile
        </Link>
      </Card>

      <GhostModeToggle />

      <SettingsCard
        icon={BadgeCheck}
        title="Profile Verification"
        text={user.isVerified ? 'Your profile is verified.' : 'Verified profiles show a badge that tells others you are really you.'}
      >
        <Button variant="secondary" block disabled>
          {user.isVerified ? 'Verified' : 'Get Verified'}
        </Button>
        {!user.isVerified && <ComingSoonNote>Photo verification is on its way.</ComingSoonNote>}
      </SettingsCard>

      <SettingsCard icon={ShieldCheck} title="Privacy & Safety" text="Manage who you've blocked or reported, and your data.">
        <div className="grid gap-2">
          <Button variant="outline" block disabled>
            Block &amp; Report Management
          </Button>
          <Button variant="outline" block disabled>
            Data &amp; Privacy
          </Button>
        </div>
        <ComingSoonNote>Managing these from Settings is on its way.</ComingSoonNote>
      </SettingsCard>

      <SettingsCard icon={Bell} title="Notifications" text="Hear about new matches and messages.">
        <Button variant="outline" block disabled>
          Enable Push Notifications
        </Button>
        <SmsForm enabled={user.smsNotifications} phoneNumber={user.phoneNumber} />
        <ComingSoonNote>Push and SMS alerts are on their way.</ComingSoonNote>
      </SettingsCard>

      <SettingsCard icon={GraduationCap} title="Help & Tutorial" text="Replay the quick tour of swiping, matching and premium features.">
        <Button variant="secondary" block onClick={start}>
          Start Tutorial
        </Button>
      </SettingsCard>

      <SettingsCard
        icon={Crown}
        title="Subscription"
        text={user.hasActiveSubscription ? 'Premium Member' : 'Free Account'}
        emphasis={user.hasActiveSubscription}
      >
        {user.hasActiveSubscription ? (
          <Link to="/subscription" className={buttonClasses('outline', 'md', true)}>
            Manage
          </Link>
        ) : (
          <Link to="/subscribe" className={buttonClasses('primary', 'md', true)}>
            Upgrade to Premium
          </Link>
        )}
      </SettingsCard>

      <Card className="grid gap-3 p-4">
        <p className="text-sm text-ink-soft">
          Signed in as <span className="font-medium text-ink">@{user.username}</span>
        </p>
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
    </div>
  );
}

function SettingsCard({
  icon: Icon,
  title,
  text,
  emphasis = false,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  emphasis?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex items-start gap-3">
        <span aria-hidden className="grid size-11 shrink-0 place-items-center rounded-2xl bg-matcha-100 text-matcha-700">
          <Icon className="size-5" />
        </span>
        <div>
          <h2 className="font-semibold text-ink">{title}</h2>
          <p className={cn('text-sm leading-snug', emphasis ? 'font-semibold text-plum-700' : 'text-ink-soft')}>{text}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}

/** Marks controls that are shown but not yet working, instead of faking their behaviour. */
function ComingSoonNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-xs leading-snug text-ink-soft">
      <span className="shrink-0 rounded-full bg-matcha-100 px-2 py-0.5 font-semibold whitespace-nowrap text-matcha-700">Coming soon</span>
      <span>{children}</span>
    </p>
  );
}

function SwitchRow({
  label,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <label htmlFor={id} className={cn('text-sm font-medium text-ink', disabled && 'opacity-60')}>
        {label}
      </label>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        className="relative h-7 w-12 shrink-0 rounded-full bg-cream-300 transition-colors data-[state=checked]:bg-plum-600 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}

/** Spec: the phone field shows only while the SMS toggle is on. */
function SmsForm({ enabled, phoneNumber }: { enabled: boolean; phoneNumber: string | null }) {
  const phoneId = useId();
  return (
    <div className="grid gap-2 rounded-2xl bg-cream-100 p-3">
      <div className="flex items-center gap-2">
        <MessageSquareText className="size-4 text-plum-600" aria-hidden />
        <div className="flex-1">
          <SwitchRow label="SMS Match Notifications" checked={enabled} disabled />
        </div>
      </div>
      {enabled && (
        <div className="grid gap-1.5">
          <label htmlFor={phoneId} className="text-sm font-semibold text-ink">
            Phone number
          </label>
          <input
            id={phoneId}
            type="tel"
            disabled
            defaultValue={phoneNumber ?? ''}
            placeholder="(555) 123-4567"
            className="h-12 rounded-2xl border border-cream-300 bg-cream-50 px-4 text-[0.95rem] disabled:opacity-60"
          />
        </div>
      )}
      <p className="text-xs leading-snug text-ink-soft">We'll send you a text when you get a match while you're away.</p>
    </div>
  );
}
