import { useState, type FormEvent } from 'react';
import { Switch } from 'radix-ui';
import { Dialog, OVERLAY_CLASS, useReturnFocus } from '../../components/ui/dialog';
import { X } from 'lucide-react';
import {
  EVENT_ATTENDEES,
  EVENT_MAX_AHEAD_DAYS,
  EVENT_MIN_LEAD_MS,
  EVENT_DESCRIPTION_MAX,
  EVENT_TITLE_MAX,
  EVENT_VENUE_MAX,
  type CreateEventBody,
} from '../../../contract/events';
import { TEA_PREFERENCES } from '../../../contract/interests';
import { formatLocation, parseLocation } from '../../../contract/locations';
import { LocationPicker, type Place } from '../../components/location-picker';
import { Button } from '../../components/ui/button';
import { Field, Input, NativeSelect, Textarea, describedBy } from '../../components/ui/field';
import { toast, toastFailed } from '../../components/ui/toast';
import { useFormErrors } from '../../lib/form-errors';
import { toLocalInputValue } from './event-date';
import { useCreateEvent } from './events-api';
import { teaNameLabel } from '../../lib/tea-labels';
import { useLingui } from '@lingui/react/macro';

interface CreateEventDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Her own 'City, State', preselected. */
  homeLocation: string;
}

/** The fields that show the server's field errors, by its names. */
const FIELDS = ['title', 'location', 'eventDate', 'maxAttendees', 'venue'] as const;

/** 'Create Tea Meetup': the server checks every rule again; the form only helps. */
export function CreateEventDialog({ open, onOpenChange, homeLocation }: CreateEventDialogProps) {
  const home = parseLocation(homeLocation);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [place, setPlace] = useState<Place>({ state: home?.state ?? '', city: home?.city ?? '' });
  const [venue, setVenue] = useState('');
  const [when, setWhen] = useState('');
  const [maxAttendees, setMaxAttendees] = useState(String(EVENT_ATTENDEES.default));
  const [teaType, setTeaType] = useState('');
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  const returnFocus = useReturnFocus(open);
  const { formRef, errors, setErrors, refuse, refuseFromServer, clearError } = useFormErrors(FIELDS);
  const create = useCreateEvent();
  const { t, i18n } = useLingui();

  // The picker's bounds are taken when the dialog mounts; the server checks the real ones at submit.
  const [bounds] = useState(() => {
    const now = Date.now();
    return {
      earliest: toLocalInputValue(new Date(now + EVENT_MIN_LEAD_MS)),
      latest: toLocalInputValue(new Date(now + EVENT_MAX_AHEAD_DAYS * 86_400_000)),
    };
  });

  function reset() {
    setTitle('');
    setDescription('');
    setVenue('');
    setWhen('');
    setMaxAttendees(String(EVENT_ATTENDEES.default));
    setTeaType('');
    setVerifiedOnly(false);
    setErrors({});
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !place.city || !venue.trim() || !when) {
      refuse({
        ...(title.trim() ? {} : { title: t`Give your meetup a title` }),
        ...(place.city ? {} : { location: t`Choose a city` }),
        ...(venue.trim() ? {} : { venue: t`Say where you will meet` }),
        ...(when ? {} : { eventDate: t`Choose a date and time` }),
      });
      return;
    }
    const startsAt = new Date(when);
    if (startsAt.getTime() < Date.now() + EVENT_MIN_LEAD_MS) {
      refuse({ eventDate: t`Pick a time at least an hour from now` });
      return;
    }
    const parsedMax = Number.parseInt(maxAttendees, 10);
    const body: CreateEventBody = {
      title: title.trim(),
      description: description.trim() || undefined,
      location: formatLocation(place.city, place.state),
      venue: venue.trim(),
      eventDate: startsAt.toISOString(),
      // Product §5: a non-numeric entry falls back to 10.
      maxAttendees: Number.isNaN(parsedMax) ? EVENT_ATTENDEES.default : parsedMax,
      ...(teaType ? { teaType: teaType as CreateEventBody['teaType'] } : {}),
      verifiedOnly,
    };
    setErrors({});
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: t`Event created!`, description: t`Your tea meetup has been posted` });
        reset();
        onOpenChange(false);
      },
      onError: (error) => {
        if (!refuseFromServer(error)) {
          toastFailed(t`Failed to create event`, error);
        }
      },
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY_CLASS} />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto max-h-[92dvh] max-w-md overflow-y-auto rounded-t-(--radius-card) bg-cream-50 p-5 pb-8 shadow-float data-[state=open]:animate-sheet-up focus:outline-none"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="font-display text-xl font-semibold text-plum-900">{t`Create Tea Meetup`}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t`Close`}>
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-sm text-ink-soft">
            {t`Meet in a public place. The venue is shown only to people who join.`}
          </Dialog.Description>
          <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
            <Field id="event-title" label={t`Title`} hint={`${title.length}/${EVENT_TITLE_MAX}`} error={errors.title}>
              <Input
                id="event-title"
                value={title}
                maxLength={EVENT_TITLE_MAX}
                onChange={(e) => {
                  setTitle(e.target.value);
                  clearError('title');
                }}
                placeholder={t`Sunday matcha and a walk`}
                {...describedBy('event-title', { hint: true, error: errors.title })}
              />
            </Field>
            <Field
              id="event-description"
              label={t`Description`}
              optional
              hint={`${description.length}/${EVENT_DESCRIPTION_MAX}`}
            >
              <Textarea
                id="event-description"
                {...describedBy('event-description', { hint: true })}
                value={description}
                maxLength={EVENT_DESCRIPTION_MAX}
                onChange={(e) => setDescription(e.target.value)}
                placeholder={t`What to expect, who it's for`}
              />
            </Field>
            <LocationPicker
              idPrefix="event"
              state={place.state}
              city={place.city}
              onChange={(next) => {
                setPlace(next);
                clearError('location');
              }}
              error={errors.location}
            />
            <Field
              id="event-venue"
              label={t`Venue`}
              hint={t`A café or tea house — only attendees see it`}
              error={errors.venue}
            >
              <Input
                id="event-venue"
                value={venue}
                maxLength={EVENT_VENUE_MAX}
                onChange={(e) => {
                  setVenue(e.target.value);
                  clearError('venue');
                }}
                {...describedBy('event-venue', { hint: true, error: errors.venue })}
              />
            </Field>
            <Field id="event-date" label={t`Date and time`} error={errors.eventDate}>
              <Input
                id="event-date"
                type="datetime-local"
                value={when}
                min={bounds.earliest}
                max={bounds.latest}
                onChange={(e) => {
                  setWhen(e.target.value);
                  clearError('eventDate');
                }}
                {...describedBy('event-date', { error: errors.eventDate })}
              />
            </Field>
            <div className="grid grid-cols-2 items-end gap-3">
              <Field id="event-max" label={t`Max attendees`} error={errors.maxAttendees} className="min-w-0">
                <Input
                  id="event-max"
                  type="number"
                  inputMode="numeric"
                  min={EVENT_ATTENDEES.min}
                  max={EVENT_ATTENDEES.max}
                  value={maxAttendees}
                  onChange={(e) => {
                    setMaxAttendees(e.target.value);
                    clearError('maxAttendees');
                  }}
                  {...describedBy('event-max', { error: errors.maxAttendees })}
                />
              </Field>
              <Field id="event-tea" label={t`Featured tea`} className="min-w-0">
                <NativeSelect id="event-tea" value={teaType} onChange={(e) => setTeaType(e.target.value)}>
                  <option value="">{t`Any tea`}</option>
                  {TEA_PREFERENCES.map((tea) => (
                    <option key={tea} value={tea}>
                      {teaNameLabel(i18n, tea)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            <div className="flex items-center justify-between gap-4 rounded-2xl bg-white px-4 py-3">
              <label htmlFor="event-verified" className="text-sm">
                <span id="event-verified-label" className="block font-semibold text-ink">
                  {t`Verified members only`}
                </span>
                <span id="event-verified-hint" className="text-ink-soft">
                  {t`Only photo-verified members can join`}
                </span>
              </label>
              <Switch.Root
                id="event-verified"
                aria-labelledby="event-verified-label"
                aria-describedby="event-verified-hint"
                checked={verifiedOnly}
                onCheckedChange={setVerifiedOnly}
                className="relative h-7 w-12 shrink-0 rounded-full bg-plum-200 transition-colors data-[state=checked]:bg-plum-700"
              >
                <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
              </Switch.Root>
            </div>
            <Button type="submit" size="lg" block disabled={create.isPending}>
              {create.isPending ? t`Posting…` : t`Create Meetup`}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
