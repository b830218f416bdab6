import type { ReactNode } from 'react';
import { PromptAnswers } from './prompt-answers';
import { BadgeCheck, MapPin } from 'lucide-react';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { STATUS_LIFETIME_MS, type ProfileDetail } from '../../contract/profiles';
import { parseLocation } from '../../contract/location-text';
import { isApiError } from '../lib/api';
import { distanceBandText } from '../lib/units';
import { useUnits } from '../lib/preferences';
import { useProfileDetail } from '../lib/profile-detail';
import { formatHeight, lifestyleEntries } from '../lib/profile-format';
import { badgeDetails } from '../lib/labels/badge-details';
import { interestLabel } from '../lib/labels/interests';
import { teaNameLabel } from '../lib/tea-labels';
import { loveLanguageLabel, relationshipGoalLabel } from '../lib/labels/profile-options';
import { formatLastActive } from '../lib/last-active';
import { useMinuteClock } from '../lib/use-minute-clock';
import { BadgeChip } from './badges';
import { PhotoCarousel } from './photo-carousel';
import { Button } from './ui/button';
import { Sheet } from './ui/sheet';
import { VoicePlayer } from './voice-player';
import type { LikeTarget } from './like-item-button';

/** What the opener already shows of her, so the sheet has a face while the full profile loads. */
interface ProfilePreview {
  id: string;
  name: string;
  photos: readonly string[];
  /** Discover's card says she is visiting her city in Travel mode. */
  visiting?: true | undefined;
}

export interface ProfileDetailSheetProps {
  person: ProfilePreview;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The opener's actions: the swipe buttons from Discover; Message, Report, Block and Unmatch from chat. */
  actions?: ReactNode;
  /** Discover: each photo and prompt answer gets a heart that likes that one thing. */
  onLikeItem?: ((target: LikeTarget) => void) | undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-xs font-bold tracking-wider text-ink-soft uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Tags({ label, items, tone }: { label: string; items: readonly string[]; tone: 'plum' | 'matcha' }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li
          key={item}
          className={
            tone === 'plum'
              ? 'rounded-full bg-plum-50 px-3 py-1 text-sm font-medium text-plum-800 ring-1 ring-plum-100'
              : 'rounded-full bg-matcha-100 px-3 py-1 text-sm font-medium text-matcha-700'
          }
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Her city, how far, in the viewer's language (the server's band 'In your city' is a code here). */
function subtitle(profile: ProfileDetail, distance: string | undefined, visiting: boolean): string {
  const place = parseLocation(profile.location)?.city ?? profile.location;
  const city = visiting ? t`Visiting ${place}` : place;
  if (!distance) return city;
  return profile.distance === 'In your city' ? t`${city} · In your city` : t`${city} · ${distance} away`;
}

/** '5h left' / 'Expired' for a 24-hour status. */
function statusLeft(expiresAt: string): string {
  const remaining = new Date(expiresAt).getTime() - Date.now();
  if (remaining <= 0) return t`Expired`;
  const hours = Math.min(Math.ceil(remaining / 3_600_000), STATUS_LIFETIME_MS / 3_600_000);
  return t`${hours}h left`;
}

function Details({
  profile,
  visiting,
  onLikeItem,
}: {
  profile: ProfileDetail;
  visiting: boolean;
  onLikeItem: ((target: LikeTarget) => void) | undefined;
}) {
  const units = useUnits();
  const { t, i18n } = useLingui();
  // 'Active 5m ago' ages while the sheet stays open.
  const now = useMinuteClock();
  const distance = profile.distance && distanceBandText(profile.distance, units);
  const details: Array<[string, string | null]> = [
    [t`Job`, profile.job],
    [t`Education`, profile.education],
    [t`Height`, profile.height === null ? null : formatHeight(profile.height, units)],
    [t`Pronouns`, profile.pronouns],
    [t`Looking for`, profile.relationshipGoals && relationshipGoalLabel(profile.relationshipGoals)],
    [t`Love language`, profile.loveLanguage && loveLanguageLabel(profile.loveLanguage)],
    ...lifestyleEntries(profile.lifestyle),
  ];
  // Hers, not the viewer's: sign-up's "Tea interests" speaks to the one filling it in.
  const teaInterests = t({ message: 'Tea interests', context: "another member's profile" });
  const shown = details.filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== '');

  return (
    <>
      <div className="grid gap-1.5">
        <p className="flex items-center gap-1.5 text-sm text-ink-soft">
          <MapPin className="size-4 shrink-0 text-plum-500" aria-hidden />
          {subtitle(profile, distance, visiting)}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          {profile.isVerified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2.5 py-0.5 text-sky-800">
              <BadgeCheck className="size-3.5" aria-hidden />
              {t`Verified User`}
            </span>
          )}
          {profile.isOnline ? (
            <span className="rounded-full bg-matcha-100 px-2.5 py-0.5 text-matcha-700">{t`Online now`}</span>
          ) : (
            profile.lastActive && (
              <span className="rounded-full bg-cream-200 px-2.5 py-0.5 text-ink-soft">
                {t`Active ${formatLastActive(profile.lastActive, now).toLowerCase()}`}
              </span>
            )
          )}
        </div>
      </div>
      {profile.status && (
        <Section title={t`24h Status · ${statusLeft(profile.status.expiresAt)}`}>
          <div className="grid gap-2 rounded-2xl bg-plum-50 p-3" data-testid="profile-status">
            {profile.status.text && <p className="leading-relaxed wrap-anywhere text-ink">{profile.status.text}</p>}
            {profile.status.voice && (
              <VoicePlayer
                src={profile.status.voice.url}
                durationMs={profile.status.voice.durationMs}
                waveform={profile.status.voice.waveform}
                label={t`voice status`}
                testId="profile-status-voice"
              />
            )}
          </div>
        </Section>
      )}
      {profile.badges.length > 0 && (
        <Section title={t`Badges`}>
          <ul aria-label={t`Badges`} className="flex flex-wrap gap-1.5">
            {profile.badges.map((badge) => (
              <li key={badge.id} title={badgeDetails(badge.id).description}>
                <BadgeChip id={badge.id} className="px-2.5 py-1 text-sm" />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {profile.bio && (
        <Section title={t`About`}>
          <p className="text-[0.95rem] leading-relaxed whitespace-pre-line wrap-anywhere text-ink">{profile.bio}</p>
        </Section>
      )}
      {profile.prompts.length > 0 && (
        <Section title={t`Prompts`}>
          <PromptAnswers
            prompts={profile.prompts}
            onLikePrompt={onLikeItem && ((prompt) => onLikeItem({ kind: 'prompt', prompt }))}
          />
        </Section>
      )}
      {shown.length > 0 && (
        <Section title={t`Details`}>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5">
            {shown.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs text-ink-soft">{label}</dt>
                <dd className="text-sm font-medium wrap-anywhere text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
      {profile.interests.length > 0 && (
        <Section title={t`Interests`}>
          <Tags label={t`Interests`} items={profile.interests.map(interestLabel)} tone="plum" />
        </Section>
      )}
      {profile.teaInterests.length > 0 && (
        <Section title={teaInterests}>
          <Tags label={teaInterests} items={profile.teaInterests.map((tea) => teaNameLabel(i18n, tea))} tone="matcha" />
        </Section>
      )}
    </>
  );
}

function LoadingLines() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading profile`} className="grid animate-pulse gap-2.5">
      <span className="h-4 w-1/2 rounded-full bg-cream-200" />
      <span className="h-4 w-5/6 rounded-full bg-cream-200" />
      <span className="h-4 w-2/3 rounded-full bg-cream-200" />
    </div>
  );
}

/**
 * Her full public profile as a bottom sheet: photos, bio, details, interests, distance and earned badges,
 * exactly as the server lets this viewer see them, with the opener's actions kept in reach at the bottom.
 */
export function ProfileDetailSheet({ person, open, onOpenChange, actions, onLikeItem }: ProfileDetailSheetProps) {
  const detail = useProfileDetail(person.id, open);
  const profile = detail.data;
  const gone = isApiError(detail.error) && detail.error.status === 404;
  const name = profile?.name ?? person.name;
  const { t } = useLingui();

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={profile?.age === undefined ? name : t`${name}, ${profile.age}`}
    >
      <div className="grid gap-5" data-testid="profile-detail">
        <PhotoCarousel
          photos={profile?.photos ?? person.photos}
          name={name}
          onLikePhoto={onLikeItem && ((photoUrl) => onLikeItem({ kind: 'photo', photoUrl }))}
        />
        {profile ? (
          <Details profile={profile} visiting={person.visiting === true} onLikeItem={onLikeItem} />
        ) : gone ? (
          <p className="text-sm text-ink-soft">{t`This profile is no longer available.`}</p>
        ) : detail.isError ? (
          <div className="grid justify-items-start gap-2">
            <p className="text-sm text-ink-soft">{t`Couldn't load this profile.`}</p>
            <Button variant="outline" onClick={() => void detail.refetch()}>
              {t`Try again`}
            </Button>
          </div>
        ) : (
          <LoadingLines />
        )}
        {actions && !gone && (
          <div className="sticky -bottom-5 -mx-5 border-t border-cream-200 bg-cream-50 px-5 pt-3 pb-5">{actions}</div>
        )}
      </div>
    </Sheet>
  );
}
