import { useState, type FormEvent } from 'react';
import { Dialog, OVERLAY_CLASS } from '../../components/ui/dialog';
import { Heart, Leaf, Star, Thermometer, Timer, X } from 'lucide-react';
import { REVIEW_TEXT_MAX, type TeaReview, type TeaVariety } from '../../../contract/teas';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/ui/button';
import { Field, Textarea } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useReviews, useSaveReview, useToggleReviewLike, useVarieties } from './teas-api';
import { CAFFEINE_LABELS, teaDescription, teaNameLabel } from '../../lib/tea-labels';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { activeLocale } from '../../lib/i18n';

/** '2–3 min', '30–60 s': numbers in her locale (a decimal comma in Spanish), units as SI symbols. */
function brewTime([min, max]: readonly [number, number]): string {
  const number = new Intl.NumberFormat(activeLocale(), { maximumFractionDigits: 1 });
  const fmt = (m: number) => (m < 1 ? `${number.format(Math.round(m * 60))} s` : number.format(m));
  if (min < 1 && max <= 1) return `${number.format(Math.round(min * 60))}–${number.format(Math.round(max * 60))} s`;
  return `${fmt(min)}–${fmt(max)} min`;
}

/** The Teas tab: the 12 varieties with brewing guides, each with members' reviews. */
export function TeasTab() {
  const varieties = useVarieties();
  const { t, i18n } = useLingui();
  const [openTea, setOpenTea] = useState<TeaVariety | null>(null);
  if (varieties.isPending) return <p className="py-8 text-center text-sm text-ink-soft">{t`Loading teas…`}</p>;
  if (varieties.isError) {
    return (
      <div className="grid justify-items-center gap-3 py-8 text-center">
        <p className="text-sm text-ink-soft">{t`Couldn’t load the teas.`}</p>
        <Button variant="outline" onClick={() => void varieties.refetch()}>
          {t`Try again`}
        </Button>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-3" aria-label={t`Tea varieties`}>
        {varieties.data.map((tea) => (
          <li
            key={tea.id}
            className="grid gap-2 rounded-(--radius-card) border border-plum-100/70 bg-white p-4 shadow-card"
          >
            <div className="flex items-start justify-between gap-3">
              <h3 className="flex items-center gap-2 font-display text-lg font-semibold text-plum-900">
                <Leaf className="size-4 text-matcha-600" aria-hidden /> {teaNameLabel(i18n, tea.name)}
              </h3>
              <span className="shrink-0 rounded-full bg-matcha-100 px-2.5 py-1 text-xs font-semibold text-matcha-700">
                {i18n._(CAFFEINE_LABELS[tea.caffeine])}
              </span>
            </div>
            <p className="text-sm leading-relaxed text-ink">{teaDescription(i18n, tea)}</p>
            <div className="flex items-center justify-between gap-2">
              <p className="flex items-center gap-3 text-xs text-ink-soft">
                <span className="inline-flex items-center gap-1">
                  <Thermometer className="size-3.5" aria-hidden /> {tea.brewTempF}°F / {tea.brewTempC}°C
                </span>
                <span className="inline-flex items-center gap-1">
                  <Timer className="size-3.5" aria-hidden /> {brewTime(tea.brewMinutes)}
                </span>
              </p>
              <Button variant="ghost" className="min-h-10 px-3 text-sm" onClick={() => setOpenTea(tea)}>
                {t`Reviews`}
                <span className="sr-only"> {t`of ${teaNameLabel(i18n, tea.name)}`}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ReviewsSheet tea={openTea} onClose={() => setOpenTea(null)} />
    </>
  );
}

function ReviewsSheet({ tea, onClose }: { tea: TeaVariety | null; onClose: () => void }) {
  return (
    <Dialog.Root open={tea !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY_CLASS} />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto grid max-h-[90dvh] w-full max-w-md gap-4 overflow-y-auto rounded-t-[1.75rem] bg-cream-50 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-float data-[state=open]:animate-sheet-up focus:outline-none">
          {tea && <ReviewsBody tea={tea} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReviewsBody({ tea }: { tea: TeaVariety }) {
  const reviews = useReviews(tea.id);
  const { t, i18n } = useLingui();
  const name = teaNameLabel(i18n, tea.name);
  const mine = reviews.data?.find((r) => r.isMine);
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <Dialog.Title className="font-display text-xl font-semibold text-plum-900">{t`${name} reviews`}</Dialog.Title>
          <Dialog.Description className="text-sm text-ink-soft">{teaDescription(i18n, tea)}</Dialog.Description>
        </div>
        <Dialog.Close asChild>
          <Button variant="ghost" size="icon" aria-label={t`Close`} className="-mt-1 -mr-2 shrink-0">
            <X className="size-5" aria-hidden />
          </Button>
        </Dialog.Close>
      </div>
      <ReviewForm key={mine?.id ?? 'new'} teaId={tea.id} existing={mine} />
      {reviews.isPending && <p className="text-sm text-ink-soft">{t`Loading reviews…`}</p>}
      {reviews.isError && <p className="text-sm text-red-700">{t`Couldn’t load reviews.`}</p>}
      {reviews.isSuccess && reviews.data.length === 0 && (
        <p className="text-sm text-ink-soft">{t`No reviews yet. Be the first to review ${name}.`}</p>
      )}
      <ul className="grid gap-3" aria-label={t`${name} reviews`}>
        {reviews.data?.map((review) => (
          <ReviewItem key={review.id} review={review} teaId={tea.id} />
        ))}
      </ul>
    </>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useLingui();
  return (
    <span className="inline-flex" aria-label={t`${rating} out of 5 stars`} role="img">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-400' : 'text-cream-300')}
        />
      ))}
    </span>
  );
}

function ReviewItem({ review, teaId }: { review: TeaReview; teaId: string }) {
  const like = useToggleReviewLike(teaId);
  const { t } = useLingui();
  const name = review.reviewer.firstName;
  return (
    <li className="grid gap-2 rounded-2xl border border-plum-100/70 bg-white p-3">
      <div className="flex items-center gap-2">
        <Avatar
          name={review.reviewer.firstName}
          photos={review.reviewer.photo ? [review.reviewer.photo] : []}
          className="size-8 text-sm"
        />
        <span className="text-sm font-semibold text-ink">{review.isMine ? t`You` : review.reviewer.firstName}</span>
        <Stars rating={review.rating} />
      </div>
      {review.text && <p className="text-sm leading-relaxed text-ink">{review.text}</p>}
      {!review.isMine && (
        <button
          type="button"
          aria-pressed={review.likedByMe}
          aria-label={t`Like ${name}’s review, ${plural(review.likeCount, { one: '# like', other: '# likes' })}`}
          onClick={() => like.mutate(review.id)}
          disabled={like.isPending}
          className="inline-flex min-h-9 items-center gap-1.5 justify-self-start rounded-full px-2 text-xs font-semibold text-ink-soft hover:bg-plum-50"
        >
          <Heart className={cn('size-4', review.likedByMe && 'fill-plum-600 text-plum-600')} aria-hidden />
          {review.likeCount}
        </button>
      )}
      {review.isMine && (
        <p className="text-xs text-ink-soft">{t`${plural(review.likeCount, { one: '# like', other: '# likes' })}`}</p>
      )}
    </li>
  );
}

function ReviewForm({ teaId, existing }: { teaId: string; existing: TeaReview | undefined }) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [text, setText] = useState(existing?.text ?? '');
  const save = useSaveReview();
  const { t } = useLingui();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      toast({ title: t`Choose a rating`, description: t`Tap 1 to 5 stars.`, variant: 'destructive' });
      return;
    }
    save.mutate(
      { teaId, rating, text },
      {
        onSuccess: () => toast({ title: existing ? t`Review updated` : t`Review posted` }),
        onError: (error) =>
          toast({
            title: t`Failed to save review`,
            description: isApiError(error) ? (error.firstFieldError ?? error.serverMessage) : t`Please try again.`,
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-2xl border border-plum-100 bg-white p-3">
      <fieldset className="grid gap-1">
        <legend className="text-sm font-semibold text-ink">{existing ? t`Your review` : t`Rate this tea`}</legend>
        <div className="flex">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              aria-label={t`${plural(n, { one: '# star', other: '# stars' })}`}
              aria-pressed={rating === n}
              onClick={() => setRating(n)}
              className="grid size-10 place-items-center rounded-full hover:bg-plum-50"
            >
              <Star
                aria-hidden
                className={cn('size-6', n <= rating ? 'fill-amber-400 text-amber-400' : 'text-cream-300')}
              />
            </button>
          ))}
        </div>
      </fieldset>
      <Field
        id={`review-text-${teaId}`}
        label={t`Review`}
        optional
        hint={t`Reviews are not anonymous: your first name and photo are shown with it.`}
      >
        <Textarea
          id={`review-text-${teaId}`}
          value={text}
          rows={3}
          maxLength={REVIEW_TEXT_MAX}
          aria-describedby={`review-text-${teaId}-hint`}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t`Saving…` : existing ? t`Update review` : t`Post review`}
      </Button>
    </form>
  );
}
