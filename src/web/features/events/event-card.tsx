import { BadgeCheck, CalendarClock, Coffee, MapPin, ShieldCheck, Users } from 'lucide-react';
import type { EventCard as EventCardData } from '../../../contract/events';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatEventDate } from './event-date';
import { teaNameLabel } from '../../lib/tea-labels';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

interface EventCardProps {
  event: EventCardData;
  busy: boolean;
  onJoin: () => void;
  onOpen: () => void;
}

/** One meetup in the list: what, when, where (city only until she joins), room left, who hosts. */
export function EventCard({ event, busy, onJoin, onOpen }: EventCardProps) {
  const full = event.spotsLeft === 0;
  const { t, i18n } = useLingui();
  const host = event.host.firstName;
  const titleId = `event-${event.id}-title`;
  return (
    <Card className="grid min-w-0 gap-3" aria-labelledby={titleId} role="article">
      <div className="flex items-start justify-between gap-3">
        <h2
          id={titleId}
          className="min-w-0 font-display text-lg leading-snug font-semibold wrap-anywhere text-plum-900"
        >
          {event.title}
        </h2>
        {event.teaType && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-matcha-100 px-2.5 py-1 text-xs font-semibold text-matcha-700">
            <Coffee className="size-3.5" aria-hidden />
            {teaNameLabel(i18n, event.teaType)}
          </span>
        )}
      </div>
      <ul className="grid gap-1.5 text-sm text-ink-soft">
        <li className="flex items-center gap-2">
          <CalendarClock className="size-4 text-plum-600" aria-hidden />
          <time dateTime={event.eventDate}>{formatEventDate(event.eventDate)}</time>
        </li>
        <li className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0 text-plum-600" aria-hidden />
          <span className="min-w-0 wrap-anywhere">
            {event.venue ? `${event.venue} · ${event.location}` : event.location}
          </span>
        </li>
        <li className="flex items-center gap-2">
          <Users className="size-4 text-plum-600" aria-hidden />
          {t`${event.maxAttendees} max`} ·{' '}
          {full ? t`Full` : t`${plural(event.spotsLeft, { one: '# spot left', other: '# spots left' })}`}
        </li>
        {event.verifiedOnly && (
          <li className="flex items-center gap-2">
            <ShieldCheck className="size-4 text-matcha-700" aria-hidden />
            {t`Verified members only`}
          </li>
        )}
      </ul>
      {event.description && (
        <p className="line-clamp-3 text-[0.95rem] leading-relaxed wrap-anywhere text-ink">{event.description}</p>
      )}
      <div className="grid gap-3 border-t border-plum-100 pt-3">
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <Avatar
            name={event.host.firstName}
            photos={event.host.photo ? [event.host.photo] : []}
            className="size-8 text-sm"
          />
          <span className="min-w-0 truncate text-ink-soft">
            {event.isHost ? (
              t`Created by You`
            ) : (
              <Trans>
                Hosted by <span className="font-semibold text-ink">{host}</span>
              </Trans>
            )}
          </span>
          {event.host.isVerified && (
            <BadgeCheck className="size-4 shrink-0 text-matcha-700" aria-label={t`Verified host`} />
          )}
          {event.isAttending && !event.isHost && (
            <span className="ml-auto shrink-0 rounded-full bg-matcha-100 px-3 py-1 text-xs font-semibold text-matcha-700">
              {t`Going`}
            </span>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onOpen}>
            {t`Details`}
          </Button>
          {!event.isHost && !event.isAttending && (
            <Button onClick={onJoin} disabled={busy || full}>
              {full ? t`Full` : t`Join Event`}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
