import { useState } from 'react';
import { CalendarPlus, Coffee } from 'lucide-react';
import { EVENT_SCOPES, type EventCard as EventCardData, type EventScope } from '../../../contract/events';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { CreateEventDialog } from './create-event-dialog';
import { EventCard } from './event-card';
import { EventSheet } from './event-sheet';
import { useCancelEvent, useEvents, useJoinEvent, useLeaveEvent } from './events-api';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const SCOPE_LABELS: Record<EventScope, MessageDescriptor> = {
  city: msg`My city`,
  state: msg`My state`,
  all: msg`All areas`,
};

/** Tea Events (product §2): upcoming meetups near her first, join/leave, host's cancel, and 'Create Tea Meetup'. */
export function EventsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Tea Events · Steep`);
  const reason = (error: unknown) => (isApiError(error) && error.serverMessage) || t`Please try again`;
  const user = useCurrentUser();
  const [scope, setScope] = useState<EventScope>('all');
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const feed = useEvents(scope);
  const join = useJoinEvent();
  const leave = useLeaveEvent();
  const cancel = useCancelEvent();
  const events = feed.data?.pages.flatMap((p) => p.events) ?? [];
  const open = events.find((e) => e.id === openId) ?? null;
  const busy = join.isPending || leave.isPending || cancel.isPending;

  const joinEvent = (event: EventCardData) =>
    join.mutate(event.id, {
      onSuccess: () => toast({ title: t`Joined event!`, description: t`You're now attending this tea meetup` }),
      onError: (error) => toast({ title: t`Failed to join event`, description: reason(error), variant: 'destructive' }),
    });
  const leaveEvent = (event: EventCardData) =>
    leave.mutate(event.id, {
      onSuccess: () => toast({ title: t`You left the meetup`, description: t`Your spot is free for someone else` }),
      onError: (error) =>
        toast({ title: t`Failed to leave event`, description: reason(error), variant: 'destructive' }),
    });
  const cancelEvent = (event: EventCardData) =>
    cancel.mutate(event.id, {
      onSuccess: () => {
        setOpenId(null);
        toast({ title: t`Meetup cancelled`, description: t`Everyone who joined has been told` });
      },
      onError: (error) =>
        toast({ title: t`Failed to cancel event`, description: reason(error), variant: 'destructive' }),
    });

  return (
    <div className="mx-auto grid w-full max-w-md min-w-0 gap-4 px-4 pt-4 pb-6">
      <header className="flex items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-[1.75rem] leading-tight font-semibold text-plum-900">{t`Tea Events`}</h1>
          <p className="text-sm text-ink-soft">{t`Meet over a cup, in a public place`}</p>
        </div>
        <Button onClick={() => setCreating(true)} aria-label={t`Create Tea Meetup`} className="px-4">
          <CalendarPlus className="size-4" aria-hidden />
          {t`Create`}
        </Button>
      </header>

      <div role="radiogroup" aria-label={t`Where`} className="flex gap-2">
        {EVENT_SCOPES.map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={scope === value}
            onClick={() => setScope(value)}
            className={cn(
              'min-h-11 flex-1 rounded-full border px-3 text-sm font-semibold transition-colors',
              scope === value ? 'border-plum-700 bg-plum-700 text-white' : 'border-plum-200 bg-white text-plum-800',
            )}
          >
            {i18n._(SCOPE_LABELS[value])}
          </button>
        ))}
      </div>

      {feed.isPending ? (
        <p className="py-10 text-center text-ink-soft" role="status">
          {t`Loading meetups…`}
        </p>
      ) : feed.isError ? (
        <div className="grid justify-items-center gap-3 py-10 text-center" role="alert">
          <p className="text-ink">{t`Couldn't load meetups.`}</p>
          <Button variant="outline" onClick={() => void feed.refetch()}>
            {t`Try again`}
          </Button>
        </div>
      ) : events.length === 0 ? (
        <section className="grid justify-items-center gap-3 rounded-(--radius-card) bg-white px-6 py-10 text-center shadow-card">
          <span aria-hidden className="grid size-16 place-items-center rounded-3xl bg-matcha-100 text-matcha-700">
            <Coffee className="size-8" />
          </span>
          <h2 className="font-display text-xl font-semibold text-plum-900">{t`No events yet`}</h2>
          <p className="max-w-[16rem] text-ink-soft">{t`Be the first to create a tea meetup in your area!`}</p>
          <Button onClick={() => setCreating(true)}>{t`Create First Event`}</Button>
          {scope !== 'all' && (
            <Button variant="ghost" onClick={() => setScope('all')}>
              {t`Show All Areas`}
            </Button>
          )}
        </section>
      ) : (
        <ul className="grid min-w-0 gap-4">
          {events.map((event) => (
            <li key={event.id} className="min-w-0">
              <EventCard event={event} busy={busy} onJoin={() => joinEvent(event)} onOpen={() => setOpenId(event.id)} />
            </li>
          ))}
        </ul>
      )}
      {feed.hasNextPage && (
        <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
          {feed.isFetchingNextPage ? t`Loading…` : t`Show more`}
        </Button>
      )}

      <CreateEventDialog open={creating} onOpenChange={setCreating} homeLocation={user.location} />
      <EventSheet
        event={open}
        busy={busy}
        onClose={() => setOpenId(null)}
        onJoin={joinEvent}
        onLeave={leaveEvent}
        onCancel={cancelEvent}
      />
    </div>
  );
}
