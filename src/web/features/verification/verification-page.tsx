import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Switch } from 'radix-ui';
import {
  AlertTriangle,
  ArrowLeft,
  BadgeCheck,
  Camera,
  CheckCircle2,
  Circle,
  Clock,
  Eye,
  Heart,
  ImageIcon,
  ScanFace,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import type { VerificationRecord } from '../../../contract/verification';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedBy, Field, Input } from '../../components/ui/field';
import { Meter } from '../../components/ui/meter';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/form-errors';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth, useCurrentUser } from '../../lib/session';
import {
  useAnalyzePhotos,
  useRequestVerification,
  useSaveSocialHandles,
  useSocialVisibility,
  useUploadSelfie,
  useVerificationRecord,
} from './verification-api';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { activeLocale } from '../../lib/i18n';
import { poseText, reasonText, requirementTodo } from './verification-text';

/** While the server analyses photos in the background, the screen asks again this often. */
const ANALYSIS_POLL_MS = 1500;

const serverMessage = (error: unknown) =>
  isApiError(error) ? (error.firstFieldError ?? error.serverMessage) : undefined;

/** /verification (product §2 Verification). */
export function VerificationPage() {
  const user = useCurrentUser();
  const { refreshUser } = useAuth();
  const { t } = useLingui();
  useDocumentTitle(t`Verification · Steep`);
  const { data: record, isError } = useVerificationRecord(user.id);

  // Her own badge (shell, profile) follows the server's answer.
  useEffect(() => {
    if (record && record.isVerified !== user.isVerified) void refreshUser();
  }, [record, user.isVerified, refreshUser]);

  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <div className="flex items-center gap-1">
        <Link to="/settings" className={buttonClasses('ghost', 'md') + ' -ml-2 px-3'}>
          <ArrowLeft className="size-4" aria-hidden />
          {t`Back to Settings`}
        </Link>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 px-1">
        <h1 className="font-display text-3xl font-semibold text-plum-900">{t`Profile Verification`}</h1>
        {record && <StatusBadge record={record} />}
      </div>
      {isError && (
        <p role="alert" className="text-sm text-red-700">
          {t`Could not load your verification. Please try again.`}
        </p>
      )}
      {!record ? (
        !isError && <p className="px-1 text-ink-soft">{t`Loading...`}</p>
      ) : (
        <>
          <ProgressCard record={record} />
          {record.verificationNotes && record.verificationStatus !== 'verified' && <NotesCard record={record} />}
          <PhotoRequirementsCard record={record} />
          <AuthenticityCard record={record} />
          {record.verificationStatus === 'pending' ? (
            <PendingCard record={record} />
          ) : record.verificationStatus !== 'verified' ? (
            <RequestCard record={record} />
          ) : null}
          <SocialHandlesCard record={record} />
          <BenefitsCard />
        </>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<VerificationRecord['verificationStatus'], MessageDescriptor> = {
  verified: msg`Verified`,
  pending: msg`Pending review`,
  rejected: msg`Not approved`,
  not_started: msg`Not verified`,
};

function StatusBadge({ record }: { record: VerificationRecord }) {
  const status = record.verificationStatus;
  const { i18n } = useLingui();
  return (
    <span
      data-testid="verification-status"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
        status === 'verified' && 'bg-sky-100 text-sky-800',
        status === 'pending' && 'bg-amber-100 text-amber-900',
        status === 'rejected' && 'bg-red-100 text-red-800',
        status === 'not_started' && 'bg-plum-50 text-plum-800',
      )}
    >
      {status === 'verified' ? (
        <BadgeCheck className="size-4" aria-hidden />
      ) : status === 'pending' ? (
        <Clock className="size-4" aria-hidden />
      ) : null}
      {i18n._(STATUS_TEXT[status])}
    </span>
  );
}

/** Every step is today's state from the server: approval does not tick a step that is not met now. */
function ProgressCard({ record }: { record: VerificationRecord }) {
  const reviewed = record.verificationStatus === 'verified';
  const { t } = useLingui();
  const minimum = record.minPhotosRequired;
  const steps = [
    { label: t`${minimum}+ photos on your profile`, done: record.hasRequiredPhotos },
    { label: t`Photo check passed`, done: record.photoCheck.passed },
    { label: t`Pose selfie sent`, done: record.selfieSubmitted || reviewed },
    { label: t`Reviewed by our team`, done: reviewed },
  ];
  const percent = Math.round((steps.filter((s) => s.done).length / steps.length) * 100);
  const labelId = useId();
  return (
    <Card className="grid gap-3">
      <div className="flex items-baseline justify-between">
        <h2 id={labelId} className="font-semibold text-ink">
          {t`Verification progress`}
        </h2>
        <span className="text-sm font-semibold text-plum-700">{percent}%</span>
      </div>
      <Meter percent={percent} labelledBy={labelId} complete={percent === 100} />
      <ol className="grid gap-1.5 text-sm">
        {steps.map((step) => (
          <li key={step.label} className="flex items-center gap-2">
            {step.done ? (
              <CheckCircle2 className="size-4 text-matcha-600" aria-hidden />
            ) : (
              <Circle className="size-4 text-plum-200" aria-hidden />
            )}
            <span className={step.done ? 'text-ink' : 'text-ink-soft'}>
              {step.label}
              <span className="sr-only"> {step.done ? t`(done)` : t`(to do)`}</span>
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function NotesCard({ record }: { record: VerificationRecord }) {
  const { t } = useLingui();
  const retryAt =
    record.retryAfter &&
    new Date(record.retryAfter).toLocaleString(activeLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card className="grid gap-1 border-amber-200 bg-amber-50">
      <h2 className="flex items-center gap-2 font-semibold text-amber-900">
        <AlertTriangle className="size-4" aria-hidden />
        {t`A note from our team`}
      </h2>
      <p className="text-sm text-amber-900">{record.verificationNotes}</p>
      {retryAt && <p className="text-sm text-amber-900">{t`You can try again after ${retryAt}.`}</p>}
    </Card>
  );
}

function SectionTitle({ icon: Icon, children }: { icon: typeof Camera; children: ReactNode }) {
  return (
    <h2 className="flex items-center gap-2 font-semibold text-ink">
      <Icon className="size-5 text-plum-600" aria-hidden />
      {children}
    </h2>
  );
}

function PhotoRequirementsCard({ record }: { record: VerificationRecord }) {
  const count = record.photos.length;
  const minimum = record.minPhotosRequired;
  const { t } = useLingui();
  return (
    <Card className="grid gap-3">
      <SectionTitle icon={ImageIcon}>{t`Photo requirements`}</SectionTitle>
      <ul className="grid gap-1 text-sm text-ink-soft">
        <li>
          {t`At least ${minimum} photos`} —{' '}
          <strong className={record.hasRequiredPhotos ? 'text-matcha-700' : 'text-ink'}>{t`you have ${count}`}</strong>
        </li>
        <li>{t`Your face clearly visible, alone, in at least one photo`}</li>
        <li>{t`Sharp, well lit and at least 400 px on the short side`}</li>
        <li>{t`Photos of you only: copies of other profiles' photos fail the check`}</li>
      </ul>
      {!record.hasRequiredPhotos && (
        <Link to="/profile" className={buttonClasses('outline', 'md', true)}>
          {t`Add photos on your profile`}
        </Link>
      )}
    </Card>
  );
}

function AuthenticityCard({ record }: { record: VerificationRecord }) {
  const user = useCurrentUser();
  const analyze = useAnalyzePhotos(user.id);
  const [running, setRunning] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const check = record.photoCheck;
  const { t, i18n } = useLingui();
  const minimum = record.minPhotosRequired;

  const run = () => {
    setRunning(true);
    analyze.mutate(undefined, {
      onSuccess: (result) => {
        if (result.state === 'analyzing') {
          timer.current = window.setTimeout(run, ANALYSIS_POLL_MS);
          return;
        }
        setRunning(false);
        toast({
          title: t`Analysis Complete`,
          description: result.passed
            ? t`Your photos passed the check.`
            : t`Some photos need attention: see the results below.`,
        });
      },
      onError: (error) => {
        setRunning(false);
        toast({
          title: t`Analysis Failed`,
          description: serverMessage(error) ?? t`Failed to analyze photos`,
          variant: 'destructive',
        });
      },
    });
  };

  const scores = check.overallScores;
  return (
    <Card className="grid gap-3">
      <SectionTitle icon={ScanFace}>{t`Photo authenticity check`}</SectionTitle>
      <p className="text-sm text-ink-soft">
        {t`We check each photo's sharpness, light and size, look for exactly one clear face, and make sure no other profile uses it.`}
      </p>
      <Button variant="secondary" block disabled={!record.hasRequiredPhotos || running} onClick={run}>
        {running ? t`Analysing your photos…` : t`Check my photos`}
      </Button>
      {!record.hasRequiredPhotos && (
        <p className="text-xs text-ink-soft">{t`Add ${minimum} photos to run the check.`}</p>
      )}
      {scores && (
        <dl className="grid grid-cols-3 gap-2 text-center" aria-label={t`Overall scores`}>
          <Score label={t`Quality`} value={i18n.number(scores.qualityScore)} />
          <Score label={t`Authenticity`} value={i18n.number(scores.authenticityScore)} />
          <Score
            label={t`Face`}
            value={
              scores.faceVerificationPassed === null
                ? t`By team`
                : scores.faceVerificationPassed
                  ? t`Passed`
                  : t`Not found`
            }
          />
        </dl>
      )}
      {check.photos.length > 0 && (
        <ul aria-label={t`Results per photo`} className="grid gap-2">
          {check.photos.map((photo, index) => {
            const number = index + 1;
            const quality = photo.qualityScore ?? '–';
            const authenticity = photo.authenticityScore ?? '–';
            return (
              <li key={photo.photoId} className="flex items-center gap-3 rounded-2xl bg-cream-50 p-2">
                <img src={photo.url} alt={t`Photo ${number}`} className="size-14 shrink-0 rounded-xl object-cover" />
                <div className="min-w-0 flex-1 text-sm">
                  {!photo.analyzed ? (
                    <p className="text-ink-soft">{t`Analysing…`}</p>
                  ) : (
                    <>
                      <p className={cn('font-semibold', photo.passed ? 'text-matcha-700' : 'text-red-700')}>
                        {photo.passed ? t`Looks good` : t`Needs attention`}
                      </p>
                      <p className="text-xs text-ink-soft">
                        {t`Quality ${quality} · Authenticity ${authenticity}`}
                        {photo.faceCount !== null &&
                          ` · ${t`${plural(photo.faceCount, { one: '# face', other: '# faces' })}`}`}
                      </p>
                      {photo.reasons.length > 0 && (
                        <p className="text-xs text-red-700">
                          {photo.reasons.map((r) => reasonText(i18n, r)).join(', ')}
                        </p>
                      )}
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {!check.faceModelAvailable && check.state === 'complete' && check.photos.length > 0 && (
        <p className="text-xs text-ink-soft">{t`Faces are checked by our team when they review your selfie.`}</p>
      )}
    </Card>
  );
}

function Score({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-plum-50 px-2 py-2">
      <dt className="text-xs text-ink-soft">{label}</dt>
      <dd className="font-semibold text-plum-900">{value}</dd>
    </div>
  );
}

function PendingCard({ record }: { record: VerificationRecord }) {
  const { t, i18n } = useLingui();
  const pose = record.pose ? poseText(i18n, record.pose) : '';
  return (
    <Card className="grid gap-2">
      <SectionTitle icon={Clock}>{t`Your selfie is with our team`}</SectionTitle>
      <p className="text-sm text-ink-soft">
        {t`A person compares your pose selfie ("${pose}") with your photos. Review takes within 24 hours, and your selfie is deleted as soon as they decide.`}
      </p>
    </Card>
  );
}

function RequestCard({ record }: { record: VerificationRecord }) {
  const user = useCurrentUser();
  const request = useRequestVerification(user.id);
  const upload = useUploadSelfie(user.id);
  const [selfie, setSelfie] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const inputId = useId();
  const { t, i18n } = useLingui();

  const choose = (file: File | null) => {
    setSelfie(file);
    setPreview((old) => {
      if (old) URL.revokeObjectURL(old);
      return file ? URL.createObjectURL(file) : null;
    });
  };

  const failed = (error: unknown) =>
    toast({
      title: t`Failed to submit verification request`,
      description: serverMessage(error),
      variant: 'destructive',
    });

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!selfie) return;
    upload.mutate(selfie, {
      onSuccess: () => {
        choose(null);
        toast({ title: t`Verification requested`, description: t`Our team reviews it within 24 hours.` });
      },
      onError: failed,
    });
  };

  const waiting = record.retryAfter !== null;
  const unmet = record.photoCheck.requirements.filter((r) => !r.met);
  const unmetId = useId();
  return (
    <Card className="grid gap-3">
      <SectionTitle icon={ShieldCheck}>{t`Request Verification`}</SectionTitle>
      {!record.pose ? (
        <>
          <p className="text-sm text-ink-soft">
            {t`We'll ask you for a random pose. Take a selfie doing it, and a person on our team checks it matches your photos.`}
          </p>
          <Button
            block
            disabled={unmet.length > 0 || waiting || request.isPending}
            aria-describedby={unmet.length > 0 ? unmetId : undefined}
            onClick={() => request.mutate(undefined, { onError: failed })}
          >
            {request.isPending ? t`Requesting…` : t`Request Verification`}
          </Button>
          {unmet.length > 0 && (
            <div id={unmetId} className="grid gap-1 text-sm" data-testid="verification-unmet">
              <p className="font-semibold text-ink">{t`Before you can request verification:`}</p>
              <ul className="grid list-disc gap-0.5 pl-5 text-ink-soft">
                {unmet.map((requirement) => (
                  <li key={requirement.id}>{requirementTodo(i18n, requirement, record)}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <form className="grid gap-3" onSubmit={send}>
          <div className="rounded-2xl bg-plum-50 p-3">
            <p className="text-xs font-semibold tracking-wide text-plum-700 uppercase">{t`Your pose`}</p>
            <p data-testid="verification-pose" className="font-display text-xl font-semibold text-plum-900">
              {poseText(i18n, record.pose)}
            </p>
          </div>
          <label
            htmlFor={inputId}
            className={cn(
              buttonClasses('outline', 'md', true),
              'cursor-pointer focus-within:ring-4 focus-within:ring-plum-100',
            )}
          >
            <Camera className="size-4" aria-hidden />
            {selfie ? t`Retake selfie` : t`Take your selfie`}
            <input
              id={inputId}
              type="file"
              accept="image/*"
              capture="user"
              className="sr-only"
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
          </label>
          {preview && <img src={preview} alt={t`Your selfie`} className="mx-auto max-h-64 rounded-2xl object-cover" />}
          <Button type="submit" block disabled={!selfie || upload.isPending}>
            {upload.isPending ? t`Sending…` : t`Send selfie for review`}
          </Button>
          <p className="text-xs text-ink-soft">
            {t`Only our moderators see your selfie, and it's deleted once they decide.`}
          </p>
        </form>
      )}
    </Card>
  );
}

const SOCIAL_FIELDS = ['instagramHandle', 'tiktokHandle', 'twitterHandle'] as const;

function SocialHandlesCard({ record }: { record: VerificationRecord }) {
  const user = useCurrentUser();
  const save = useSaveSocialHandles(user.id);
  const visibility = useSocialVisibility(user.id);
  const [values, setValues] = useState({
    instagramHandle: record.instagramHandle ?? '',
    tiktokHandle: record.tiktokHandle ?? '',
    twitterHandle: record.twitterHandle ?? '',
  });
  const { formRef, errors, refuse, refuseFromServer } = useFormErrors(SOCIAL_FIELDS);
  const switchId = useId();
  const { t } = useLingui();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    refuse({});
    // Product §5: empty handles are omitted from the payload.
    const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    save.mutate(body, {
      onSuccess: () => toast({ title: t`Social media handles updated successfully!` }),
      onError: (failure) => {
        if (refuseFromServer(failure)) return;
        toast({
          title: t`Failed to update social handles`,
          description: serverMessage(failure),
          variant: 'destructive',
        });
      },
    });
  };

  const fields = [
    { key: 'instagramHandle', label: 'Instagram' },
    { key: 'tiktokHandle', label: 'TikTok' },
    { key: 'twitterHandle', label: 'Twitter' },
  ] as const;
  return (
    <Card className="grid gap-3">
      <SectionTitle icon={Sparkles}>{t`Social handles (optional)`}</SectionTitle>
      <p className="text-sm text-ink-soft">{t`Link your handles, not links. Matches see them only if you allow it below.`}</p>
      <form ref={formRef} className="grid gap-3" onSubmit={submit}>
        {fields.map(({ key, label }) => {
          const id = `social-${key}`;
          const fieldError = errors[key];
          return (
            <Field key={key} id={id} label={label} error={fieldError} optional>
              <Input
                id={id}
                value={values[key]}
                placeholder={t`@yourhandle`}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.value }))}
                {...describedBy(id, { error: fieldError })}
              />
            </Field>
          );
        })}
        <Button type="submit" variant="secondary" block disabled={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save handles`}
        </Button>
      </form>
      <div className="flex items-center justify-between gap-3 rounded-2xl bg-cream-50 p-3">
        <label htmlFor={switchId} className="text-sm text-ink">
          <span className="flex items-center gap-1.5 font-semibold">
            <Eye className="size-4" aria-hidden />
            {t`Show my handles to my matches`}
          </span>
        </label>
        <Switch.Root
          id={switchId}
          checked={record.showSocialHandles}
          disabled={visibility.isPending}
          onCheckedChange={(checked) => visibility.mutate(checked)}
          className="relative h-7 w-12 shrink-0 rounded-full bg-plum-200 transition-colors data-[state=checked]:bg-plum-700"
        >
          <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
        </Switch.Root>
      </div>
    </Card>
  );
}

function BenefitsCard() {
  const { t } = useLingui();
  const benefits = [
    { icon: BadgeCheck, text: t`A 'Verified User' badge on your card, profile and chats` },
    { icon: Heart, text: t`Verified profiles rank higher in discovery` },
    { icon: ShieldCheck, text: t`Matches know you are really you` },
  ];
  return (
    <Card className="grid gap-3">
      <h2 className="font-semibold text-ink">{t`Why get verified`}</h2>
      <ul className="grid gap-2 text-sm text-ink">
        {benefits.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon className="size-4 shrink-0 text-plum-600" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
    </Card>
  );
}
