import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Switch } from 'radix-ui';
import {
  ImageOff,
  ArrowLeft,
  BadgeCheck,
  Bell,
  CircleCheck,
  Crown,
  GraduationCap,
  KeyRound,
  LogOut,
  Mail,
  MessageSquareText,
  Pencil,
  ShieldCheck,
  type LucideIcon,
  Palette,
} from 'lucide-react';
import { Avatar } from '../../components/avatar';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../../lib/session';
import { GhostModeToggle } from '../../components/ghost-mode-toggle';
import { useOnboarding } from '../../lib/onboarding';
import { ChangePasswordForm, DataAndPrivacy } from './account-settings';
import { EmailSettings } from './email-settings';
import { PushSettings } from './push-settings';
import { smsErrorText, useSaveSms, useSmsSettings, useVerifySms } from '../../lib/sms';
import { SMS_PHONE_PLACEHOLDER } from '../../../contract/sms';
import { NEW_CODE_NEEDED } from '../../../contract/account';
import { Field, Input, describedBy } from '../../components/ui/field';
import { isApiError } from '../../lib/api';
import { useFocusNext } from '../../lib/focus-next';
import { toast } from '../../components/ui/toast';
import { useBlurPhotos } from '../../lib/photo-blur';
import { useLingui } from '@lingui/react/macro';
import { keepWhole } from '../../lib/keep-whole';

/** /settings (product §2 Settings). */
export function SettingsPage() {
  const { user, logout } = useAuth();
  const { start } = useOnboarding();
  const [signingOut, setSigningOut] = useState(false);
  const { t } = useLingui();
  useDocumentTitle(t`Settings · Steep`);

  if (!user) return <p className="p-6 text-ink-soft">{t`Loading...`}</p>;

  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <div className="flex items-center gap-1">
        <Link to="/home" className={buttonClasses('ghost', 'md') + ' -ml-2 px-3'}>
          <ArrowLeft className="size-4" aria-hidden />
          {t`Back to Home`}
        </Link>
      </div>
      <h1 className="px-1 font-display text-3xl font-semibold text-plum-900">{t`Settings`}</h1>

      <Card className="grid gap-4 p-4">
        <div className="flex items-center gap-4">
          <Avatar name={user.name} photos={user.photos} className="size-14 text-2xl ring-2 ring-white" />
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-semibold text-ink">{user.name}</h2>
            <p className="truncate text-sm text-ink-soft">@{user.username}</p>
          </div>
        </div>
        <Link to="/profile/edit" className={buttonClasses('outline', 'md', true)}>
          <Pencil className="size-4" aria-hidden />
          {t`Edit Profile`}
        </Link>
      </Card>

      <GhostModeToggle />

      <SettingsCard
        icon={BadgeCheck}
        title={t`Profile Verification`}
        text={
          user.isVerified
            ? t`Your profile is verified.`
            : t`Verified profiles show a badge that tells others you are really you.`
        }
      >
        <Link to="/verification" className={buttonClasses('secondary', 'md', true)}>
          {user.isVerified ? t`Verified` : t`Get Verified`}
        </Link>
      </SettingsCard>

      <SettingsCard
        icon={Mail}
        title={t`Email`}
        text={t`Where a password reset link goes. Never shown to other members.`}
      >
        <EmailSettings />
      </SettingsCard>

      <SettingsCard
        icon={ImageOff}
        title={t`Photos in chats`}
        text={t`Photos your matches send stay blurred until you tap them.`}
      >
        <BlurPhotosSwitch />
      </SettingsCard>

      <SettingsCard icon={KeyRound} title={t`Password`} text={t`Changing it signs you out on every other device.`}>
        <ChangePasswordForm />
      </SettingsCard>

      <SettingsCard
        icon={ShieldCheck}
        title={t`Data & Privacy`}
        text={t`Everything Steep holds about you, to download or delete.`}
      >
        <DataAndPrivacy />
      </SettingsCard>

      <SettingsCard icon={Bell} title={t`Notifications`} text={t`Hear about new matches and messages.`}>
        <PushSettings />
        <SmsForm userId={user.id} />
        <Link to="/preferences?tab=notifications" className={buttonClasses('outline', 'md', true)}>
          {t`Choose what you hear about`}
        </Link>
      </SettingsCard>

      <SettingsCard
        icon={Palette}
        title={t`Theme & Language`}
        text={t`Light, dark or like your device; English or Spanish.`}
      >
        <Link to="/preferences?tab=app" className={buttonClasses('outline', 'md', true)}>
          {t`Choose Theme and Language`}
        </Link>
      </SettingsCard>

      <SettingsCard
        icon={GraduationCap}
        title={t`Help & Tutorial`}
        text={t`Replay the quick tour of swiping, matching and premium features.`}
      >
        <Button variant="secondary" block onClick={start}>
          {t`Start Tutorial`}
        </Button>
      </SettingsCard>

      <SettingsCard
        icon={Crown}
        title={t`Subscription`}
        text={user.hasActiveSubscription ? t`Premium Member` : t`Free Account`}
        emphasis={user.hasActiveSubscription}
      >
        {user.hasActiveSubscription ? (
          <Link to="/subscription" className={buttonClasses('outline', 'md', true)}>
            {t`Manage`}
          </Link>
        ) : (
          <Link to="/subscribe" className={buttonClasses('primary', 'md', true)}>
            {t`Upgrade to Premium`}
          </Link>
        )}
      </SettingsCard>

      <Card className="grid gap-3 p-4">
        <p className="text-sm text-ink-soft">
          {t`Signed in as`} <span className="font-medium text-ink">@{user.username}</span>
        </p>
        <Button
          variant="danger"
          block
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            // Signed out, the screen is gone; not (offline), the button is back for another try.
            void logout().finally(() => setSigningOut(false));
          }}
        >
          <LogOut className="size-4" aria-hidden />
          {signingOut ? t`Signing out…` : t`Sign Out`}
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
    <Card className="grid gap-4 p-4" data-settings-card>
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="grid size-11 shrink-0 place-items-center rounded-2xl bg-matcha-100 text-matcha-700"
        >
          <Icon className="size-5" />
        </span>
        <div>
          <h2 className="font-semibold text-ink">{title}</h2>
          <p className={cn('text-sm leading-snug', emphasis ? 'font-semibold text-plum-700' : 'text-ink-soft')}>
            {text}
          </p>
        </div>
      </div>
      {children}
    </Card>
  );
}

function BlurPhotosSwitch() {
  const [blur, setBlur] = useBlurPhotos();
  const { t } = useLingui();
  return <SwitchRow label={t`Blur photos from matches`} checked={blur} onCheckedChange={setBlur} />;
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

/**
 * Spec: the phone field shows only while the SMS toggle is on. A new number is confirmed with a 6-digit
 * code texted to it before any match text goes there.
 */
function SmsForm({ userId }: { userId: string }) {
  const phoneId = useId();
  const codeId = useId();
  const settings = useSmsSettings(userId);
  const save = useSaveSms(userId);
  const verify = useVerifySms(userId);
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  /**
   * The server's words for a code that is done (expired or out of tries): Confirm waits for a new code, which saving
   * her number again sends. Kept until she types another code or saves her number.
   */
  const [spent, setSpent] = useState<string | null>(null);
  const phoneField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const confirmedLine = useRef<HTMLParagraphElement>(null);
  const resendButton = useRef<HTMLButtonElement>(null);
  /**
   * Where her focus goes once an answer has changed the form: her number when it was refused, Send a new code when
   * a code is spent, the code field (its digits selected) when a code went out or one was wrong, the line saying
   * it is confirmed.
   */
  const focusNext = useFocusNext(
    { phone: phoneField, code: codeField, confirmed: confirmedLine, resend: resendButton },
    ['code'],
  );
  // A number waiting for its code counts as on: after a reload the code box must still be there.
  const enabled = on ?? (settings.data?.smsNotifications || settings.data?.pendingVerification) ?? false;
  const { t } = useLingui();
  const failed = (error: unknown) =>
    toast({
      title: t`SMS settings not changed`,
      description: smsErrorText(error, t`Failed to update SMS settings`),
      variant: 'destructive',
    });
  // A code going out changed nothing yet: its toast says what happened, not that her settings did.
  const saved = (answer: { message: string; pendingVerification: boolean }) =>
    toast({ title: answer.pendingVerification ? t`Code sent` : t`SMS settings updated`, description: answer.message });

  const codeError =
    spent ?? (verify.isError ? smsErrorText(verify.error, t`Failed to update SMS settings`) : undefined);

  /** Saves her number (empty: the one her settings show, so a new code goes to the number waiting for one). */
  const saveNumber = (phoneNumber: string) =>
    // A refused number is said beside the field (below), not in a toast.
    save.mutate(
      { phoneNumber, smsNotifications: true },
      {
        onSuccess: (answer) => {
          // A new code: the old one's digits and words go, and her focus waits where the new one is typed.
          setSpent(null);
          setCode('');
          verify.reset();
          focusNext(answer.pendingVerification ? 'code' : 'confirmed');
          saved(answer);
        },
        onError: () => {
          focusNext('phone');
        },
      },
    );

  const onToggle = (next: boolean) => {
    setOn(next);
    // Refused: the switch goes back to what her settings say, and the toast alone says why (the refusal is not
    // about her number, so it is not said beside it).
    if (!next)
      save.mutate(
        { smsNotifications: false },
        {
          onSuccess: saved,
          onError: (error) => {
            setOn(undefined);
            save.reset();
            failed(error);
          },
        },
      );
    // Off keeps her confirmed number: on again, it is back at once, with nothing to type.
    else if (settings.data?.phoneNumber && !settings.data.pendingVerification) saveNumber('');
  };

  return (
    <div className="grid gap-2 rounded-2xl bg-cream-100 p-3">
      <div className="flex items-center gap-2">
        <MessageSquareText className="size-4 text-plum-600" aria-hidden />
        <div className="flex-1">
          <SwitchRow label={t`SMS Match Notifications`} checked={enabled} onCheckedChange={onToggle} />
        </div>
      </div>
      {enabled && (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            saveNumber(phone);
          }}
        >
          <label htmlFor={phoneId} className="text-sm font-semibold text-ink">
            {t`Phone number`}
          </label>
          <input
            ref={phoneField}
            id={phoneId}
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            placeholder={settings.data?.phoneNumber ?? SMS_PHONE_PLACEHOLDER}
            aria-invalid={save.isError || undefined}
            aria-describedby={save.isError ? `${phoneId}-error` : undefined}
            className="h-12 rounded-2xl border border-cream-300 bg-cream-50 px-4 text-[0.95rem] text-ink aria-invalid:border-red-600"
          />
          {save.isError && (
            <p id={`${phoneId}-error`} role="alert" className="text-sm text-red-700">
              {smsErrorText(save.error, t`Failed to update SMS settings`)}
            </p>
          )}
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {save.isPending ? t`Saving…` : t`Save number`}
          </Button>
        </form>
      )}
      {enabled && settings.data?.pendingVerification && (
        <form
          className="grid gap-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (spent || verify.isPending) return;
            verify.mutate(code, {
              onSuccess: (answer) => {
                setCode('');
                focusNext('confirmed');
                saved(answer);
              },
              onError: (error) => {
                if (!isApiError(error) || error.body?.code !== NEW_CODE_NEEDED) {
                  focusNext('code');
                  return;
                }
                // Confirm would only be refused again: her focus goes where a new code comes from.
                setSpent(smsErrorText(error, ''));
                focusNext('resend');
              },
            });
          }}
        >
          {/* A refused code is said here, under the field she types the next one in, not in a toast over it. */}
          <Field
            id={codeId}
            label={t`6-digit code sent to ${keepWhole(settings.data.phoneNumber ?? '')}`}
            error={codeError}
          >
            <Input
              ref={codeField}
              id={codeId}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              {...describedBy(codeId, { error: codeError })}
              // A pasted "107 741" keeps all six digits: spaces and dashes go before the length is counted.
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
                setSpent(null);
                verify.reset();
              }}
              className="tracking-widest"
            />
          </Field>
          <Button type="submit" disabled={verify.isPending || code.length !== 6 || spent !== null}>
            {verify.isPending ? t`Checking…` : t`Confirm number`}
          </Button>
          {/* The number waiting for its code, texted again (the server's limits on codes apply). */}
          <Button
            ref={resendButton}
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => saveNumber('')}
          >
            {save.isPending ? t`Sending…` : t`Send a new code`}
          </Button>
        </form>
      )}
      {enabled && settings.data?.phoneNumber && !settings.data.pendingVerification && (
        <p
          ref={confirmedLine}
          role="status"
          tabIndex={-1}
          data-shows-focus
          className="flex items-center gap-1.5 rounded-md text-sm font-semibold text-matcha-700"
        >
          <CircleCheck className="size-4 shrink-0" aria-hidden />
          {t`${keepWhole(settings.data.phoneNumber)} confirmed: match texts go here.`}
        </p>
      )}
      <p className="text-xs leading-snug text-ink-soft">
        {t`We'll send you a text when you get a match while you're away.`}
      </p>
    </div>
  );
}
