import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../lib/cn';
import { LikeItemButton } from './like-item-button';

/** A drag this far (px) sideways moves to the neighbouring photo; shorter ones spring back. */
const SWIPE_PX = 40;

const arrowClass =
  'absolute top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-plum-900/35 text-white backdrop-blur-sm transition-colors hover:bg-plum-900/55';

/**
 * Every photo of a member, one at a time: swipe sideways (touch or mouse), use the arrows or the
 * keyboard's arrow keys; the dots say where she is. Vertical drags stay with the page (touch-action: pan-y).
 */
export function PhotoCarousel({
  photos,
  name,
  onLikePhoto,
}: {
  photos: readonly string[];
  name: string;
  /** Offers "Like this photo" on the photo shown (Discover's profile sheet). */
  onLikePhoto?: ((photoUrl: string) => void) | undefined;
}) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const [dragX, setDragX] = useState(0);
  const start = useRef<number | null>(null);
  const count = photos.length;
  const current = Math.min(index, Math.max(0, count - 1));

  const go = (to: number) => setIndex(Math.max(0, Math.min(count - 1, to)));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || (event.target as Element).closest('button')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDragX(event.clientX - start.current);
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (dragX <= -SWIPE_PX) go(current + 1);
    else if (dragX >= SWIPE_PX) go(current - 1);
    setDragX(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  };

  if (count === 0) {
    return (
      <div
        aria-hidden
        className="grid aspect-[4/5] place-items-center rounded-3xl bg-gradient-to-br from-plum-500 via-plum-700 to-plum-900 font-display text-8xl font-semibold text-white/85"
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </div>
    );
  }

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t`Photos of ${name}`}
      tabIndex={count > 1 ? 0 : undefined}
      data-testid="photo-carousel"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      className="relative aspect-[4/5] touch-pan-y overflow-hidden rounded-3xl bg-plum-800 select-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum-500"
    >
      <div
        className={cn('flex h-full', dragX === 0 && 'transition-transform duration-300 ease-out')}
        style={{ transform: `translateX(calc(${-current * 100}% + ${dragX}px))` }}
      >
        {photos.map((photo, i) => (
          <img
            key={photo}
            src={photo}
            alt={t`Photo ${i + 1} of ${count} of ${name}`}
            aria-hidden={i === current ? undefined : true}
            draggable={false}
            className="size-full shrink-0 object-cover"
          />
        ))}
      </div>
      {onLikePhoto && photos[current] && (
        <LikeItemButton
          label={t`Like this photo`}
          tone="photo"
          onClick={() => onLikePhoto(photos[current] ?? '')}
          className="absolute right-3 bottom-8 z-10"
        />
      )}
      {count > 1 && (
        <>
          {current > 0 && (
            <button
              type="button"
              aria-label={t`Previous photo`}
              onClick={() => go(current - 1)}
              className={cn(arrowClass, 'left-2')}
            >
              <ChevronLeft className="size-6" aria-hidden />
            </button>
          )}
          {current < count - 1 && (
            <button
              type="button"
              aria-label={t`Next photo`}
              onClick={() => go(current + 1)}
              className={cn(arrowClass, 'right-2')}
            >
              <ChevronRight className="size-6" aria-hidden />
            </button>
          )}
          <div
            aria-hidden
            data-testid="photo-dots"
            className="absolute inset-x-0 bottom-0 flex justify-center gap-1.5 bg-gradient-to-t from-plum-900/45 to-transparent pt-6 pb-3"
          >
            {photos.map((photo, i) => (
              <span
                key={photo}
                data-active={i === current}
                className={cn(
                  'h-2 rounded-full transition-all duration-200',
                  i === current ? 'w-5 bg-white' : 'w-2 bg-white/55',
                )}
              />
            ))}
          </div>
          <p className="sr-only" aria-live="polite">
            {t`Photo ${current + 1} of ${count}`}
          </p>
        </>
      )}
    </div>
  );
}
