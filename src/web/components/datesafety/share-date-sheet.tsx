import { useState, type FormEvent } from 'react';
import { Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { DATE_PLAN_CONTACTS_MAX, type DateContactInput } from '../../../contract/datesafety';
import { errorText, fieldErrorText, isApiError } from '../../lib/api';
import { useFocusFirstInvalid } from '../../lib/form-errors';
import { Avatar } from '../avatar';
import { Button } from '../ui/button';
import { Field, Input, NativeSelect, describedBy } from '../ui/field';
import { Sheet } from '../ui/sheet';
import { toast } from '../ui/toast';
import { useShareDatePlan } from './date-plans-api';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural, t } from '@lingui/core/macro';

/** What the plan is about: her match (from a conversation) or a meetup (from its sheet). */
type DateSubject =
  | { kind: 'match'; matchId: string; name: string; photos: readonly string[] }
  | { kind: 'event'; eventId: string; title: string; venue: string | null; startsAt: string };

/** 'YYYY-MM-DDTHH:mm' in this device's time zone, for <input type="datetime-local">. */
function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The next full hour from now: a sensible first guess for tonight's date. */
function nextHour(): Date {
  const at = new Date();
  at.setMinutes(0, 0, 0);
  at.setHours(at.getHours() + 1);
  return at;
}

const HOUR = 3_600_000;

type FieldProblem = { path: string; message: string };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What can be checked before sending, all at once (the server says the rest: countries, limits, duplicates),
 * in the server's own words.
 */
function problemsOf(
  form: { place: string; startsAt: string; checkIn: boolean; checkInAt: string; contacts: DateContactInput[] },
  now = Date.now(),
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!form.place.trim()) problems.push({ path: 'place', message: t`Enter where you are meeting` });
  const starts = form.startsAt ? new Date(form.startsAt).getTime() : NaN;
  if (Number.isNaN(starts)) problems.push({ path: 'startsAt', message: t`Choose when you are meeting` });
  else if (starts < now - 12 * HOUR)
    problems.push({ path: 'startsAt', message: t`Choose a time that is not in the past` });
  if (form.checkIn) {
    const checkIn = form.checkInAt ? new Date(form.checkInAt).getTime() : NaN;
    if (Number.isNaN(checkIn)) problems.push({ path: 'checkInAt', message: t`Choose a check-in time` });
    else if (checkIn <= now)
      problems.push({ path: 'checkInAt', message: t`Choose a check-in time that is still ahead` });
    else if (checkIn < starts) {
      problems.push({ path: 'checkInAt', message: t`Choose a check-in time after the date starts` });
    }
  }
  form.contacts.forEach((contact, index) => {
    if (!contact.name.trim())
      problems.push({ path: `contacts.${index}.name`, message: t`Enter a name for this contact` });
    const address = contact.address.trim();
    const path = `contacts.${index}.address`;
    if (!address) problems.push({ path, message: t`Enter a phone number or an email` });
    else if (contact.channel === 'sms') {
      const digits = address.replace(/\D/g, '').length;
      if (digits < 10 || digits > 15 || /[^\d\s()+.-]/.test(address)) {
        problems.push({ path, message: t`Enter a valid phone number, e.g. (503) 555-0123` });
      }
    } else if (!EMAIL.test(address)) problems.push({ path, message: t`Enter a valid email address` });
  });
  return problems;
}

const emptyContact = (): DateContactInput => ({ name: '', channel: 'sms', address: '' });

/**
 * Share my date (product §2, "Share My Date"): who, where and when, sent to up to three trusted contacts by text or
 * email, with an optional check-in. Her live location is never shared: only the place she types.
 */
export function ShareDateSheet({
  subject,
  open,
  onOpenChange,
}: {
  subject: DateSubject;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const firstStart = subject.kind === 'event' ? new Date(subject.startsAt) : nextHour();
  const [place, setPlace] = useState(subject.kind === 'event' ? (subject.venue ?? '') : '');
  const [startsAt, setStartsAt] = useState(localInputValue(firstStart));
  const [checkIn, setCheckIn] = useState(true);
  const [checkInAt, setCheckInAt] = useState(localInputValue(new Date(firstStart.getTime() + 3 * HOUR)));
  const [contacts, setContacts] = useState<DateContactInput[]>([emptyContact()]);
  const share = useShareDatePlan();
  const error = share.error;
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  // A refused submit (hers or the server's) moves focus to the first field with a problem.
  const { formRef, focusFirst } = useFocusFirstInvalid();
  const { t } = useLingui();

  // An answer about what she has since changed would point at the wrong thing: it goes with the edit.
  const edited = (path?: string) => {
    if (share.isError) share.reset();
    if (path) setProblems((list) => list.filter((p) => p.path !== path));
  };
  const setContact = (index: number, change: Partial<DateContactInput>) => {
    edited(`contacts.${index}.${'name' in change ? 'name' : 'address'}`);
    setContacts((list) => list.map((c, i) => (i === index ? { ...c, ...change } : c)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf({ place, startsAt, checkIn, checkInAt, contacts });
    setProblems(found);
    if (found.length > 0) {
      share.reset();
      focusFirst();
      return;
    }
    const toIso = (value: string) => (value ? new Date(value).toISOString() : '');
    share.mutate(
      {
        ...(subject.kind === 'match' ? { matchId: subject.matchId } : { eventId: subject.eventId }),
        place,
        startsAt: toIso(startsAt),
        ...(checkIn ? { checkInAt: toIso(checkInAt) } : {}),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        contacts,
      },
      {
        onSuccess: (plan) => {
          const n = plan.contacts.length;
          toast({
            title: t`Date plan shared`,
            description: plan.checkInAt
              ? plural(n, {
                  one: '# trusted contact will get a link. We’ll check on you.',
                  other: '# trusted contacts will get a link. We’ll check on you.',
                })
              : plural(n, { one: '# trusted contact will get a link.', other: '# trusted contacts will get a link.' }),
          });
          onOpenChange(false);
          share.reset();
          setContacts([emptyContact()]);
        },
        onError: () => focusFirst(),
      },
    );
  };

  const fieldError = (path: string) => problems.find((p) => p.path === path)?.message ?? fieldErrorText(error, path);
  // Paths with a field on screen show their message there; anything else is said under the form.
  const shown = [
    'place',
    'startsAt',
    'checkInAt',
    ...contacts.flatMap((_, i) => [`contacts.${i}.name`, `contacts.${i}.address`]),
  ];
  const fieldErrors = isApiError(error) ? (error.body?.errors ?? []) : [];
  const unshown = fieldErrors.find((e) => !shown.includes(e.path));
  const formError =
    error && (fieldErrors.length === 0 || unshown)
      ? (unshown?.message ?? errorText(error, t`Something went wrong. Please try again.`))
      : undefined;

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t`Share my date`}
      description={t`Tell up to three people you trust who, where and when. They get a link that works until a day after the date. Never your live location.`}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
        <div className="flex items-center gap-3 rounded-2xl bg-white p-3">
          {subject.kind === 'match' ? (
            <>
              <Avatar name={subject.name} photos={subject.photos} className="size-10" />
              <p className="text-sm text-ink">
                <Trans>
                  Meeting <span className="font-semibold">{subject.name}</span>
                </Trans>
                <span className="block text-xs text-ink-soft">{t`Your contacts see their first name and photo`}</span>
              </p>
            </>
          ) : (
            <p className="text-sm text-ink">
              <Trans>
                Meetup <span className="font-semibold">“{subject.title}”</span>
              </Trans>
            </p>
          )}
        </div>

        <Field id="date-place" label={t`Where`} error={fieldError('place')}>
          <Input
            id="date-place"
            {...describedBy('date-place', { error: fieldError('place') })}
            value={place}
            onChange={(e) => {
              edited('place');
              setPlace(e.target.value);
            }}
            placeholder={t`Café name and street`}
            maxLength={200}
            autoComplete="off"
          />
        </Field>
        <Field id="date-when" label={t`When`} error={fieldError('startsAt')}>
          <Input
            id="date-when"
            type="datetime-local"
            {...describedBy('date-when', { error: fieldError('startsAt') })}
            value={startsAt}
            onChange={(e) => {
              edited('startsAt');
              setStartsAt(e.target.value);
            }}
          />
        </Field>

        <div className="grid gap-2 rounded-2xl bg-white p-3">
          <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-ink">
            <input
              type="checkbox"
              checked={checkIn}
              onChange={(e) => {
                edited('checkInAt');
                setCheckIn(e.target.checked);
              }}
              className="size-5 accent-plum-700"
            />
            {t`Check on me`}
          </label>
          {checkIn && (
            <Field
              id="date-check-in"
              label={t`At`}
              hint={t`We’ll remind you then. If you don’t tap “I’m safe” within 15 minutes, your contacts are told.`}
              error={fieldError('checkInAt')}
            >
              <Input
                id="date-check-in"
                type="datetime-local"
                {...describedBy('date-check-in', {
                  hint: true,
                  error: fieldError('checkInAt'),
                })}
                value={checkInAt}
                onChange={(e) => {
                  edited('checkInAt');
                  setCheckInAt(e.target.value);
                }}
              />
            </Field>
          )}
        </div>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold text-ink">{t`Trusted contacts`}</legend>
          {contacts.map((contact, index) => {
            const base = `contacts.${index}`;
            const id = `date-contact-${index}`;
            return (
              <div key={index} className="grid gap-2 rounded-2xl border border-cream-300 bg-white p-3">
                <div className="flex items-end gap-2">
                  <Field id={`${id}-name`} label={t`Name`} error={fieldError(`${base}.name`)} className="flex-1">
                    <Input
                      id={`${id}-name`}
                      {...describedBy(`${id}-name`, { error: fieldError(`${base}.name`) })}
                      value={contact.name}
                      onChange={(e) => setContact(index, { name: e.target.value })}
                      autoComplete="off"
                      maxLength={60}
                    />
                  </Field>
                  <Field id={`${id}-channel`} label={t`Send by`} className="w-32">
                    <NativeSelect
                      id={`${id}-channel`}
                      value={contact.channel}
                      onChange={(e) => setContact(index, { channel: e.target.value as 'sms' | 'email' })}
                    >
                      <option value="sms">{t`Text`}</option>
                      {/* Its own message: a short word beside "Text" in a narrow select ("Correo"), not the field's label. */}
                      <option value="email">{t({ message: 'Email', context: 'send a date plan by' })}</option>
                    </NativeSelect>
                  </Field>
                </div>
                <div className="flex items-end gap-2">
                  <Field
                    id={`${id}-address`}
                    label={contact.channel === 'sms' ? t`Phone number` : t`Email`}
                    error={fieldError(`${base}.address`)}
                    className="flex-1"
                  >
                    <Input
                      id={`${id}-address`}
                      {...describedBy(`${id}-address`, { error: fieldError(`${base}.address`) })}
                      type={contact.channel === 'sms' ? 'tel' : 'email'}
                      inputMode={contact.channel === 'sms' ? 'tel' : 'email'}
                      value={contact.address}
                      onChange={(e) => setContact(index, { address: e.target.value })}
                      placeholder={contact.channel === 'sms' ? '(503) 555-0123' : t`friend@example.com`}
                      autoComplete="off"
                    />
                  </Field>
                  {contacts.length > 1 && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t`Remove contact ${index + 1}`}
                      onClick={() => {
                        edited();
                        setProblems([]);
                        setContacts((list) => list.filter((_, i) => i !== index));
                      }}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  )}
                </div>
              </div>
            );
          })}
          {contacts.length < DATE_PLAN_CONTACTS_MAX && (
            <Button variant="outline" onClick={() => setContacts((list) => [...list, emptyContact()])}>
              <Plus className="size-4" aria-hidden />
              {t`Add a contact`}
            </Button>
          )}
          <p className="text-xs leading-relaxed text-ink-soft">
            {t`Texts go to US and Canadian numbers; email goes anywhere. They see the plan, your first name and your match’s, nothing else about you.`}
          </p>
        </fieldset>

        {formError && (
          <p role="alert" className="rounded-2xl bg-red-50 p-3 text-sm font-medium text-red-700">
            {formError}
          </p>
        )}
        <Button type="submit" block disabled={share.isPending}>
          <ShieldCheck className="size-4" aria-hidden />
          {share.isPending ? t`Sharing…` : t`Share plan`}
        </Button>
      </form>
    </Sheet>
  );
}
