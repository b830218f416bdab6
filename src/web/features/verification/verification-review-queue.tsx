import { useId, useState } from 'react';
import { AlertTriangle, BadgeCheck, Clock, X } from 'lucide-react';
import type { VerificationQueueItem } from '../../../contract/verification';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Textarea } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useDecideVerification, useVerificationQueue, useVerificationReview } from './verification-api';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { poseText, reasonText } from './verification-text';

const waitingFor = (i18n: I18n, submittedAt: string) => {
  const hours = Math.floor((Date.now() - new Date(submittedAt).getTime()) / 3_600_000);
  return hours < 1 ? i18n._(msg`Sent under an hour ago`) : i18n._(msg`Waiting ${hours} h`);
};

/**
 * The moderators' verification queue: oldest first, overdue (> 24 h) flagged. A panel the moderation
 * console mounts as its Verification tab; /moderation/verification shows it on its own.
 */
export function VerificationReviewQueue() {
  const { data, isError, isLoading } = useVerificationQueue();
  const [openId, setOpenId] = useState<string | null>(null);
  const { t } = useLingui();
  if (isLoading) return <p className="text-ink-soft">{t`Loading...`}</p>;
  if (isError || !data)
    return (
      <p role="alert" className="text-red-700">
        {t`Could not load the verification queue.`}
      </p>
    );
  if (data.requests.length === 0) {
    return (
      <Card className="text-center text-ink-soft">
        <BadgeCheck className="mx-auto mb-2 size-8 text-matcha-600" aria-hidden />
        {t`No verification requests are waiting.`}
      </Card>
    );
  }
  return (
    <ul aria-label={t`Verification requests`} className="grid gap-3">
      {data.requests.map((item) => (
        <li key={item.id} className="min-w-0">
          {openId === item.id ? (
            <ReviewPanel item={item} onClose={() => setOpenId(null)} />
          ) : (
            <QueueRow item={item} onOpen={() => setOpenId(item.id)} />
          )}
        </li>
      ))}
    </ul>
  );
}

function QueueRow({ item, onOpen }: { item: VerificationQueueItem; onOpen: () => void }) {
  const { t, i18n } = useLingui();
  const pose = poseText(i18n, item.pose);
  const name = item.user.name;
  return (
    <Card className={cn('flex items-center gap-3 p-3', item.overdue && 'border-amber-300')}>
      {item.user.photos[0] ? (
        <img src={item.user.photos[0]} alt="" className="size-14 shrink-0 rounded-xl object-cover" />
      ) : (
        <span aria-hidden className="size-14 shrink-0 rounded-xl bg-plum-100" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink">
          {item.user.name}, {item.user.age}
        </p>
        <p className="text-xs text-ink-soft">{t`Pose: ${pose}`}</p>
        <p
          className={cn(
            'flex items-center gap-1 text-xs',
            item.overdue ? 'font-semibold text-amber-800' : 'text-ink-soft',
          )}
        >
          {item.overdue ? (
            <AlertTriangle className="size-3.5" aria-hidden />
          ) : (
            <Clock className="size-3.5" aria-hidden />
          )}
          {item.overdue ? `${t`Overdue`} · ` : ''}
          {waitingFor(i18n, item.submittedAt)}
        </p>
      </div>
      <Button variant="outline" className="shrink-0" onClick={onOpen} aria-label={t`Review ${name}`}>
        {t`Review`}
      </Button>
    </Card>
  );
}

function ReviewPanel({ item, onClose }: { item: VerificationQueueItem; onClose: () => void }) {
  const { data: review, isError } = useVerificationReview(item.id);
  const decide = useDecideVerification();
  const [note, setNote] = useState('');
  const noteId = useId();
  const { t, i18n } = useLingui();
  const name = item.user.name;

  const submit = (approve: boolean) => {
    decide.mutate(
      { id: item.id, approve, note: note.trim() },
      {
        onSuccess: () => {
          toast({
            title: approve ? t`Verification approved` : t`Verification rejected`,
            description: t`${name} has been told. The selfie is deleted.`,
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: t`Could not save the decision`,
            description: isApiError(error) ? (error.firstFieldError ?? error.serverMessage) : undefined,
            variant: 'destructive',
          }),
      },
    );
  };

  const scores = review?.analysis.overallScores;
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold text-ink">
            {item.user.name}, {item.user.age}
          </h2>
          <p className="text-sm text-ink-soft">{waitingFor(i18n, item.submittedAt)}</p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={t`Close review`}>
          <X className="size-5" aria-hidden />
        </Button>
      </div>
      <div className="rounded-2xl bg-plum-50 p-3">
        <p className="text-xs font-semibold tracking-wide text-plum-700 uppercase">{t`Pose asked`}</p>
        <p className="font-semibold text-plum-900">{poseText(i18n, item.pose)}</p>
      </div>
      {isError && (
        <p role="alert" className="text-red-700">
          {t`Could not load this request.`}
        </p>
      )}
      {review && (
        <>
          <img src={review.selfieDataUrl} alt={t`Selfie from ${name}`} className="w-full rounded-2xl object-cover" />
          {review.selfieCopiedFrom && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-2xl bg-plum-100 p-3 text-sm font-semibold text-plum-900"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {review.selfieCopiedFrom === 'her_profile_photo'
                ? t`This selfie is the same picture as one of her profile photos: not a live selfie.`
                : t`This selfie is the same picture as another member’s profile photo.`}
            </p>
          )}
          <div>
            <h3 className="mb-2 text-sm font-semibold text-ink">{t`Profile photos`}</h3>
            <ul className="grid grid-cols-3 gap-2">
              {review.analysis.photos.map((photo, index) => {
                const number = index + 1;
                return (
                  <li key={photo.photoId} className="grid gap-1">
                    <img
                      src={photo.url}
                      alt={t`Profile photo ${number}`}
                      className="aspect-square w-full rounded-xl object-cover"
                    />
                    <span className={cn('text-xs', photo.passed ? 'text-matcha-700' : 'text-red-700')}>
                      {!photo.analyzed
                        ? t`Analysing…`
                        : photo.passed
                          ? t`Passed`
                          : photo.reasons.map((r) => reasonText(i18n, r)).join(', ')}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
          <p className="text-sm text-ink-soft">
            {scores
              ? scores.faceVerificationPassed === null
                ? t`Quality ${scores.qualityScore} · Authenticity ${scores.authenticityScore} · Face check by eye`
                : scores.faceVerificationPassed
                  ? t`Quality ${scores.qualityScore} · Authenticity ${scores.authenticityScore} · Face found`
                  : t`Quality ${scores.qualityScore} · Authenticity ${scores.authenticityScore} · Face not found`
              : t`Photo analysis still running.`}
          </p>
        </>
      )}
      <Field id={noteId} label={t`Note to the member`} hint={t`Required to reject: say what to fix.`} optional>
        <Textarea id={noteId} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="danger" disabled={decide.isPending || note.trim() === ''} onClick={() => submit(false)}>
          {t`Reject`}
        </Button>
        <Button disabled={decide.isPending || !review} onClick={() => submit(true)}>
          {t`Approve`}
        </Button>
      </div>
    </Card>
  );
}

/** /moderation/verification: the queue on its own page, for moderators only. */
export function VerificationModerationPage() {
  // Routed behind RequireModerator: a member gets the 404 page there.
  const { t } = useLingui();
  useDocumentTitle(t`Verification queue · Steep`);
  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <h1 className="px-1 font-display text-3xl font-semibold text-plum-900">{t`Verification queue`}</h1>
      <VerificationReviewQueue />
    </div>
  );
}
