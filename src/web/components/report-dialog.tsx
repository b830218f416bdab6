import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { REPORT_DESCRIPTION_MAX, type ReportReason } from '../../contract/safety';
import { REPORT_REASON_LABELS } from '../lib/labels/safety';
import { Avatar } from './avatar';
import { Button } from './ui/button';
import { toastReportFailed } from './report-failed';
import { describedBy, Field, NativeSelect, Textarea, UsernameInput, useUsernameRules } from './ui/field';
import { useFormErrors } from '../lib/form-errors';
import { Sheet } from './ui/sheet';
import { toast } from './ui/toast';

/** What the form collected; `reportedUsername` only when no subject was fixed by the caller. */
export interface ReportInput {
  /** Picked from `people`. */
  reportedUserId?: string;
  reportedUsername?: string;
  reason: ReportReason;
  description?: string;
  /** Only offered from a conversation: copy its recent messages into the report. */
  includeMessages?: boolean;
}

interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Files the report (the caller picks the route); resolves once the server accepted it. */
  onFile: (input: ReportInput) => Promise<unknown>;
  /**
   * What is reported when the screen already knows (a meetup): named at the top, and no username is
   * asked. Without it, the Safety Center's form asks for the @username.
   */
  subject?: { title: string; summary: string };
  /** From a conversation: offer 'Include our recent messages' (how many it copies). */
  attachMessages?: number;
  /** Without a subject: people to pick from (matches, conversations); by username stays as the fallback. */
  people?: readonly PickablePerson[];
}

/** Someone she can pick in the Safety Center's forms, and why she knows them. */
export interface PickablePerson {
  id: string;
  name: string;
  /** 'Chatted', 'Matched', 'Seen recently' shown beside the name so two of the same name can be told apart. */
  context: string;
  /** Her first photo, shown once she is picked so she can be recognised. */
  photo: string | null;
}

/** The picker's value for 'Someone else': type their username instead. */
export const BY_USERNAME = 'by-username';

/** Who: one of `people`, or someone else by @username. */
export function PersonPicker({
  id,
  people,
  value,
  onChange,
  error,
}: {
  id: string;
  people: readonly PickablePerson[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const chosen = people.find((p) => p.id === value);
  return (
    <Field id={id} label={t`Who?`} error={error}>
      {chosen && (
        <span className="flex items-center gap-2 text-sm text-ink-soft" data-testid={`${id}-chosen`}>
          <Avatar name={chosen.name} photos={chosen.photo ? [chosen.photo] : []} className="size-10 text-base" />
          {chosen.name} · {chosen.context}
        </span>
      )}
      <NativeSelect id={id} {...describedBy(id, { error })} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="" disabled>
          {t`Choose someone`}
        </option>
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} · {p.context}
          </option>
        ))}
        <option value={BY_USERNAME}>{t`Someone else (by username)`}</option>
      </NativeSelect>
    </Field>
  );
}

const FIELDS = ['who', 'username', 'reason'] as const;

/**
 * Product §5 "Report form": reason required (and who, when no subject is fixed), description optional. Submit
 * is never disabled: sent without them, each says beside its field what it needs (tryout: a greyed-out button
 * said nothing). Confidential: the reported member is never told who reported.
 */
export function ReportDialog({ open, onOpenChange, onFile, subject, attachMessages, people }: ReportDialogProps) {
  const { t, i18n } = useLingui();
  const usernameHint = t`Their @username, if they shared it with you.`;
  const usernameRules = useUsernameRules();
  const [username, setUsername] = useState('');
  // With no one to pick from, the form starts at the username.
  const [picked, setPicked] = useState(people && people.length > 0 ? '' : BY_USERNAME);
  const byUsername = picked === BY_USERNAME || !people || people.length === 0;
  const [includeMessages, setIncludeMessages] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [description, setDescription] = useState('');
  const [pending, setPending] = useState(false);
  const { formRef, errors, refuse, clearError } = useFormErrors(FIELDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const typed = username.trim().replace(/^@/, '');
    const missingWho = subject === undefined && (byUsername ? typed === '' : picked === '');
    const badName = subject === undefined && byUsername && !missingWho ? usernameRules(typed) : undefined;
    if (
      refuse({
        ...(missingWho && byUsername ? { username: t`Enter their @username` } : {}),
        ...(badName ? { username: badName } : {}),
        ...(missingWho && !byUsername ? { who: t`Choose who you are reporting` } : {}),
        ...(reason === '' ? { reason: t`Pick a reason for your report` } : {}),
      }) ||
      !reason
    )
      return;
    setPending(true);
    const typedName = subject === undefined && byUsername ? typed : null;
    try {
      await onFile({
        ...(subject ? {} : typedName !== null ? { reportedUsername: typedName } : { reportedUserId: picked }),
        reason,
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(attachMessages && includeMessages ? { includeMessages: true } : {}),
      });
      toast({
        title: t`Report submitted`,
        // By username, the same true words whoever the name is: nothing is reviewed for a name nobody has.
        description:
          typedName !== null
            ? t`Thank you. If @${typedName} is on Steep, our team will review your report.`
            : t`Thank you for helping keep Steep safe. We'll review this report promptly.`,
      });
      setUsername('');
      setPicked(people && people.length > 0 ? '' : BY_USERNAME);
      setReason('');
      setDescription('');
      setIncludeMessages(false);
      onOpenChange(false);
    } catch (error) {
      console.warn('Report failed.', error);
      toastReportFailed(i18n, error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={subject?.title ?? t({ message: 'Report User', context: 'anyone, chosen in the form' })}
      description={t`Reports are confidential: the person you report is never told who reported them.`}
    >
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
        {subject ? (
          <p className="rounded-2xl bg-white px-4 py-3 text-sm text-ink">{subject.summary}</p>
        ) : (
          <>
            {people && people.length > 0 && (
              <PersonPicker
                id="report-person"
                people={people}
                value={picked}
                error={errors.who}
                onChange={(value) => {
                  setPicked(value);
                  clearError('who');
                }}
              />
            )}
            {byUsername && (
              <Field id="report-username" label={t`Username`} hint={usernameHint} error={errors.username}>
                <UsernameInput
                  id="report-username"
                  value={username}
                  onChange={(value) => {
                    setUsername(value);
                    clearError('username');
                  }}
                  hint={usernameHint}
                  error={errors.username}
                />
              </Field>
            )}
          </>
        )}
        <Field id="report-reason" label={t`Reason`} error={errors.reason}>
          <NativeSelect
            id="report-reason"
            {...describedBy('report-reason', { error: errors.reason })}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value as ReportReason);
              clearError('reason');
            }}
          >
            <option value="" disabled>
              {t`Choose a reason`}
            </option>
            {(Object.keys(REPORT_REASON_LABELS) as ReportReason[]).map((value) => (
              <option key={value} value={value}>
                {i18n._(REPORT_REASON_LABELS[value])}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id="report-description"
          label={t`What happened?`}
          optional
          hint={`${description.length}/${REPORT_DESCRIPTION_MAX}`}
        >
          <Textarea
            id="report-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={REPORT_DESCRIPTION_MAX}
            rows={4}
            placeholder={t`Anything that helps our team understand`}
          />
        </Field>
        {attachMessages !== undefined && (
          <label className="flex items-start gap-3 rounded-2xl bg-white p-3 text-sm text-ink">
            <input
              type="checkbox"
              checked={includeMessages}
              onChange={(e) => setIncludeMessages(e.target.checked)}
              className="mt-0.5 size-4 accent-plum-700"
            />
            <span>
              {t`Include our recent messages`}
              <span className="block text-xs text-ink-soft">
                {t`A copy of the last ${attachMessages} messages goes to the moderators only.`}
              </span>
            </span>
          </label>
        )}
        {/* aria-disabled, not disabled: a disabled button drops her focus to the page (a keyboard user lost her
            place after an offline failure: tryout); submit ignores a second press while one is on its way. */}
        <Button type="submit" aria-disabled={pending} className="aria-disabled:opacity-50" block>
          {pending ? t`Submitting…` : t`Submit Report`}
        </Button>
      </form>
    </Sheet>
  );
}
