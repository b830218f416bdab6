import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, OVERLAY_CLASS } from '../../components/ui/dialog';
import { useState } from 'react';
import { BadgeCheck, CalendarClock, Coffee, Flag, MapPin, ShieldCheck, Users, X } from 'lucide-react';
import type { EventCard } from '../../../contract/events';
import { Avatar } from '../../components/avatar';
import { ReportDialog } from '../../components/report-dialog';
import { ShareDateSheet } from '../../components/datesafety/share-date-sheet';
import { Button } from '../../components/ui/button';
import { formatEventDate } from './event-date';
import { reportEvent, useAttendees } from './events-api';
import { teaNameLabel } from '../../lib/tea-labels';
import { useLingui } from '@lingui/react/macro';

interface EventSheetProps {
  event: EventCard | null;
  busy: boolean;
  onClose: () => void;
  onJoin: (event: EventCard) => void;
  onLeave: (event: EventCard) => void;
  onCancel: (event: EventCard) => void;
}

/** A meetup's details. The venue and the guest list appear once she is going (the server decides). */
export function EventSheet({ event, busy, onClose, onJoin, onLeave, onCancel }: EventSheetProps) {
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const attendees = useAttendees(event?.id ?? '', event?.isAttending === true);
  const { t, i18n } = useLingui();
  return (
    <Dialog.Root open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY_CLASS} />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto max-h-[88dvh] max-w-md overflow-y-auto rounded-t-(--radius-card) bg-cream-50 p-5 pb-8 shadow-float data-[state=open]:animate-sheet-up focus:outline-none">
          {event && (
            <>
              <div className="flex items-start justify-between gap-3">
                <Dialog.Title className="min-w-0 font-display text-2xl leading-tight font-semibold wrap-anywhere text-plum-900">
                  {event.title}
                </Dialog.Title>
                <Dialog.Close asChild>
                  <Button variant="ghost" size="icon" aria-label={t`Close`}>
                    <X className="size-5" aria-hidden />
                  </Button>
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">{t`Details of this tea meetup`}</Dialog.Description>
              <ul className="mt-3 grid gap-2 text-[0.95rem] text-ink">
                <li className="flex items-center gap-2">
                  <CalendarClock className="size-4 text-plum-600" aria-hidden />
                  {formatEventDate(event.eventDate)}
                </li>
                <li className="flex items-center gap-2">
                  <MapPin className="size-4 shrink-0 text-plum-600" aria-hidden />
                  {event.venue ? (
                    <span className="min-w-0 wrap-anywhere">
                      <span className="font-semibold">{event.venue}</span> · {event.location}
                    </span>
                  ) : (
                    <span>
                      {event.location}
                      {/* A meetup posted before a venue was required has none to show, even to its guests. */}
                      {!event.isAttending && !event.isHost && (
                        <span className="text-ink-soft"> · {t`venue shown to attendees`}</span>
                      )}
                    </span>
                  )}
                </li>
                <li className="flex items-center gap-2">
                  <Users className="size-4 text-plum-600" aria-hidden />
                  {t`${event.attendeeCount} going`} · {t`${event.maxAttendees} max`}
                </li>
                {event.teaType && (
                  <li className="flex items-center gap-2">
                    <Coffee className="size-4 text-plum-600" aria-hidden />
                    {t`Featuring ${teaNameLabel(i18n, event.teaType)}`}
                  </li>
                )}
              </ul>
              {event.description && (
                <p className="mt-4 leading-relaxed whitespace-pre-line wrap-anywhere text-ink">{event.description}</p>
              )}

              {event.isAttending && (
                <section aria-labelledby="guest-list" className="mt-5">
                  <h3 id="guest-list" className="mb-2 text-sm font-semibold text-ink">
                    {t`Guest list`}
                  </h3>
                  <ul className="grid gap-2">
                    {attendees.data?.attendees.map((person) => (
                      <li key={person.id} className="flex items-center gap-3 rounded-2xl bg-white px-3 py-2">
                        <Avatar
                          name={person.firstName}
                          photos={person.photo ? [person.photo] : []}
                          className="size-9 text-sm"
                        />
                        <span className="font-medium text-ink">{person.firstName}</span>
                        {person.isVerified && (
                          <BadgeCheck className="size-4 text-matcha-700" aria-label={t`Verified`} />
                        )}
                        {person.isHost && (
                          <span className="ml-auto text-xs font-semibold text-plum-700">{t`Host`}</span>
                        )}
                      </li>
                    ))}
                  </ul>
                </section>
              )}

              <div className="mt-6 grid gap-3">
                {event.isHost ? (
                  <Button variant="danger" block disabled={busy} onClick={() => setConfirmCancel(true)}>
                    {t`Cancel Meetup`}
                  </Button>
                ) : event.isAttending ? (
                  <Button variant="outline" block disabled={busy} onClick={() => onLeave(event)}>
                    {t`Leave Meetup`}
                  </Button>
                ) : (
                  <Button block disabled={busy || event.spotsLeft === 0} onClick={() => onJoin(event)}>
                    {event.spotsLeft === 0 ? t`This meetup is full` : t`Join Event`}
                  </Button>
                )}
                {event.isAttending && (
                  <Button variant="outline" block onClick={() => setSharing(true)}>
                    <ShieldCheck className="size-4" aria-hidden />
                    {t`Share my plan`}
                  </Button>
                )}
                {!event.isHost && (
                  <Button variant="ghost" block onClick={() => setReporting(true)} className="text-ink-soft">
                    <Flag className="size-4" aria-hidden />
                    {t`Report meetup`}
                  </Button>
                )}
              </div>
              <ReportDialog
                open={reporting}
                onOpenChange={setReporting}
                subject={{
                  title: t`Report meetup`,
                  summary: t`“${event.title}”, hosted by ${event.host.firstName}. Our team reviews the meetup and its host.`,
                }}
                onFile={(grounds) => reportEvent(event.id, grounds)}
              />
              {sharing && (
                <ShareDateSheet
                  subject={{
                    kind: 'event',
                    eventId: event.id,
                    title: event.title,
                    venue: event.venue,
                    startsAt: event.eventDate,
                  }}
                  open={sharing}
                  onOpenChange={setSharing}
                />
              )}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
      <ConfirmDialog
        open={confirmCancel}
        title={t`Cancel this meetup?`}
        description={t`Everyone who joined will be told it's off.`}
        cancelLabel={t`Keep it`}
        confirmLabel={t`Cancel Meetup`}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => {
          setConfirmCancel(false);
          if (event) onCancel(event);
        }}
      />
    </Dialog.Root>
  );
}
