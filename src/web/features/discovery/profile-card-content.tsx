import { BadgeCheck, MapPin, Plane } from 'lucide-react';
import type { DiscoveryCard } from '../../../contract/discovery';
import { parseLocation } from '../../../contract/location-text';
import { distanceBandText } from '../../lib/units';
import { useUnits } from '../../lib/preferences';
import { CardBadges } from '../../components/badges';
import { LikeItemButton, type LikeTarget } from '../../components/like-item-button';
import { useLingui } from '@lingui/react/macro';
import { interestLabel } from '../../lib/labels/interests';
import { promptText } from '../../lib/labels/prompts';
import { usePhotoThatLoads } from '../../lib/photo-that-loads';

/** Product §9 display counts. */
const CARD_INTERESTS_SHOWN = 5;

/** No photo yet: her initial on a steeped gradient, never a stock picture. */
function InitialPlaceholder({ name }: { name: string }) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div
      aria-hidden
      className="absolute inset-0 overflow-hidden bg-gradient-to-br from-plum-500 via-plum-700 to-plum-900"
    >
      <div className="absolute -top-16 -right-20 size-72 rounded-full bg-plum-300/35 blur-3xl" />
      <div className="absolute top-40 -left-24 size-64 rounded-full bg-matcha-300/25 blur-3xl" />
      <span className="absolute inset-x-0 top-[18%] text-center font-display text-[9rem] leading-none font-semibold text-white/85 select-none">
        {initial}
      </span>
    </div>
  );
}

/** The face of a discovery card: photo (or initial), name, age, distance band, interests and badges. */
export function ProfileCardContent({
  card,
  onLikeItem,
}: {
  card: DiscoveryCard;
  /** The top card: a heart on its photo and on its prompt likes that one thing. */
  onLikeItem?: ((target: LikeTarget) => void) | undefined;
}) {
  const units = useUnits();
  const { t } = useLingui();
  const name = card.name;
  const place = parseLocation(card.location)?.city ?? card.location;
  // Travel mode: she is here for a trip, not living here.
  const city = card.visiting ? t`Visiting ${place}` : place;
  const band = card.distance === undefined ? undefined : distanceBandText(card.distance, units);
  // She may hide her distance (privacy): then the card names her city only.
  const where =
    band === undefined
      ? city
      : card.distance === 'In your city'
        ? t`${city} · In your city`
        : t`${city} · ${band} away`;
  // The card shows her first prompt; her profile sheet shows them all.
  const firstPrompt = card.prompts[0];
  const { photo, onError } = usePhotoThatLoads(card.photos[0]);
  const interests = card.interests.slice(0, CARD_INTERESTS_SHOWN);

  return (
    <>
      {photo ? (
        <img
          src={photo}
          alt={t`Photo of ${name}`}
          draggable={false}
          onError={onError}
          className="absolute inset-0 size-full object-cover select-none"
        />
      ) : (
        <InitialPlaceholder name={card.name} />
      )}
      <div
        aria-hidden
        className="absolute inset-x-0 bottom-0 h-3/4 bg-gradient-to-t from-photo-shade/95 via-photo-shade/60 to-transparent"
      />
      {onLikeItem && photo && (
        <LikeItemButton
          label={t`Like this photo`}
          tone="photo"
          onClick={() => onLikeItem({ kind: 'photo', photoUrl: photo })}
          className="absolute top-16 right-3"
        />
      )}
      {/* On a short card (a small phone with a banner over the deck) her name must stay clear of the buttons at the
          top: the interests go first, then the prompt, then the bio; her profile sheet still shows them all. */}
      <div className="absolute inset-x-0 bottom-0 grid gap-2.5 p-5 text-photo-ink">
        <div className="grid gap-1">
          <h2 className="flex flex-wrap items-baseline gap-x-2 font-display text-[1.9rem] leading-tight font-semibold">
            <span>{card.name}</span>
            {card.age !== undefined && (
              <span className="font-sans text-2xl font-normal text-photo-ink/90">{card.age}</span>
            )}
          </h2>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-photo-ink/90">
            <span className="inline-flex items-center gap-1">
              {card.visiting ? <Plane className="size-3.5" aria-hidden /> : <MapPin className="size-3.5" aria-hidden />}
              {where}
            </span>
            {card.pronouns && <span className="text-photo-ink/90">{card.pronouns}</span>}
          </div>
          {card.isVerified && (
            <span className="mt-0.5 inline-flex w-fit items-center gap-1 rounded-full bg-sky-500/90 px-2.5 py-0.5 text-xs font-semibold">
              <BadgeCheck className="size-3.5" aria-hidden />
              {t`Verified User`}
            </span>
          )}
        </div>
        {card.bio && (
          <p className="line-clamp-2 text-sm leading-snug wrap-anywhere text-photo-ink/90 [@container(max-height:17rem)]:hidden">
            {card.bio}
          </p>
        )}
        {firstPrompt && (
          <div className="flex items-center gap-2 rounded-xl bg-photo-ink/12 py-1 pr-1 pl-3 ring-1 ring-photo-ink/25 backdrop-blur-sm [@container(max-height:22rem)]:hidden">
            <p className="my-1 line-clamp-2 flex-1 text-sm leading-snug wrap-anywhere text-photo-ink">
              <span className="font-semibold">{promptText(firstPrompt.promptId, firstPrompt.question)}</span>{' '}
              {firstPrompt.answer}
            </p>
            {onLikeItem && (
              <LikeItemButton
                label={t`Like this prompt`}
                tone="photo"
                onClick={() => onLikeItem({ kind: 'prompt', prompt: firstPrompt })}
              />
            )}
          </div>
        )}
        {interests.length > 0 && (
          <ul aria-label={t`Interests`} className="flex flex-wrap gap-1.5 [@container(max-height:26rem)]:hidden">
            {interests.map((interest) => (
              <li
                key={interest}
                className="rounded-full bg-photo-ink/18 px-2.5 py-1 text-xs font-medium text-photo-ink ring-1 ring-photo-ink/30 backdrop-blur-sm"
              >
                {interestLabel(interest)}
              </li>
            ))}
          </ul>
        )}
        <CardBadges ids={card.badges.map((badge) => badge.id)} />
      </div>
    </>
  );
}
