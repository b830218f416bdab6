import { useState } from 'react';
import { plural, t as tNow } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ArrowLeft, CalendarHeart, Crown, EyeOff, MessageSquareQuote } from 'lucide-react';
import {
  isPermanentSuspension,
  type AttachedMessage,
  type AuditEntry,
  type MemberCase as MemberCaseData,
  type ModerationActionBody,
} from '../../../contract/moderation';
import type { ReportReason } from '../../../contract/safety';
import { Avatar } from '../../components/avatar';
import { VoicePlayer } from '../../components/voice-player';
import { Button } from '../../components/ui/button';
import { Field, NativeSelect, Textarea } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { activeLocale } from '../../lib/i18n';
import {
  moderationActionLabel,
  REPORT_REASON_LABELS,
  reportReasonLabel,
  reportStatusLabel,
} from '../../lib/labels/safety';
import { useMemberCase, useModerate } from './moderation-api';

export function suspensionText(until: string | null): string | null {
  if (!until) return null;
  if (isPermanentSuspension(until)) return tNow`Suspended permanently`;
  const day = new Date(until).toLocaleString(activeLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return tNow`Suspended until ${day}`;
}

export function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useLingui();
  return (
    <li className="rounded-2xl bg-white p-3 text-sm shadow-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-plum-900">
          {moderationActionLabel(entry.action)} · {entry.subject.name}{' '}
          <span className="font-normal text-ink-soft">@{entry.subject.username}</span>
        </span>
        <time dateTime={entry.createdAt} className="text-xs text-ink-soft">
          {new Date(entry.createdAt).toLocaleString(activeLocale())}
        </time>
      </div>
      <p className="mt-1 text-ink">{entry.reason}</p>
      <p className="mt-1 text-xs text-ink-soft">
        {t`By ${entry.moderator.name}`}
        {entry.rule && ` · ${t`Rule: ${reportReasonLabel(entry.rule)}`}`}
        {entry.action === 'suspend' && entry.suspendedUntil && ` · ${suspensionText(entry.suspendedUntil)}`}
      </p>
    </li>
  );
}

function Actions({ data, onDone }: { data: MemberCaseData; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const member = data.member;
  const openReasons = data.reports.filter((r) => r.status === 'received' || r.status === 'under_review');
  const [rule, setRule] = useState<ReportReason | ''>(openReasons[0]?.reason ?? '');
  const [note, setNote] = useState('');
  const moderate = useModerate(member.id);
  const noteId = `moderation-note-${member.id}`;
  const ruleId = `moderation-rule-${member.id}`;

  const act = (body: Omit<ModerationActionBody, 'reason'>, done: string) =>
    moderate.mutate(
      { ...body, reason: note.trim() },
      {
        onSuccess: () => {
          toast({ title: done, description: `${member.name} (@${member.username})` });
          setNote('');
          onDone();
        },
        onError: (error) =>
          toast({
            title: t`Action refused`,
            description: isApiError(error) && error.serverMessage ? error.serverMessage : t`Please try again.`,
            variant: 'destructive',
          }),
      },
    );
  const noteMissing = note.trim() === '';
  const needsRule = noteMissing || rule === '';
  const busy = moderate.isPending;

  return (
    <section aria-labelledby="actions-title" className="grid gap-3 rounded-3xl bg-white p-4 shadow-card">
      <h3 id="actions-title" className="font-semibold text-plum-900">
        {t`Decision`}
      </h3>
      <Field id={ruleId} label={t`Rule broken`} hint={t`Shown to the member in a warning; recorded with a suspension.`}>
        <NativeSelect id={ruleId} value={rule} onChange={(e) => setRule(e.target.value as ReportReason)}>
          <option value="" disabled>
            {t`Choose a rule`}
          </option>
          {(Object.keys(REPORT_REASON_LABELS) as ReportReason[]).map((value) => (
            <option key={value} value={value}>
              {i18n._(REPORT_REASON_LABELS[value])}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={noteId} label={t`Reason for the audit log`}>
        <Textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={2} />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="outline"
          disabled={busy || noteMissing}
          onClick={() => act({ action: 'dismiss' }, t`Reports dismissed`)}
        >
          {t`Dismiss`}
        </Button>
        <Button
          variant="secondary"
          disabled={busy || needsRule}
          onClick={() => rule && act({ action: 'warn', rule }, t`Warning sent`)}
        >
          {t`Warn`}
        </Button>
        <Button
          variant="danger"
          disabled={busy || needsRule}
          onClick={() => rule && act({ action: 'suspend', rule, duration: '7d' }, t`Suspended for 7 days`)}
        >
          {t`Suspend 7 days`}
        </Button>
        <Button
          variant="danger"
          disabled={busy || needsRule}
          onClick={() => rule && act({ action: 'suspend', rule, duration: 'permanent' }, t`Suspended permanently`)}
        >
          {t`Suspend permanently`}
        </Button>
        {member.suspendedUntil && (
          <Button
            variant="primary"
            className="col-span-2"
            disabled={busy || noteMissing}
            onClick={() => act({ action: 'lift' }, t`Suspension lifted`)}
          >
            {t`Lift suspension`}
          </Button>
        )}
      </div>
    </section>
  );
}

/** One member's case: profile, every report with its attached messages, history, and the decision. */
export function MemberCase({ memberId, onBack }: { memberId: string; onBack: () => void }) {
  const { t } = useLingui();
  const query = useMemberCase(memberId);
  if (query.isPending) return <p className="p-4 text-sm text-ink-soft">{t`Loading case…`}</p>;
  if (query.isError) return <p className="p-4 text-sm text-red-700">{t`This case could not be loaded.`}</p>;
  const { member, reports, history } = query.data;
  const suspended = suspensionText(member.suspendedUntil);

  return (
    <article aria-labelledby="case-title" className="grid gap-4">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex min-h-11 items-center gap-2 justify-self-start rounded-full px-2 text-sm font-semibold text-plum-800 hover:bg-plum-50 lg:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t`Back to queue`}
      </button>
      <header className="flex items-center gap-3 rounded-3xl bg-white p-4 shadow-card">
        <Avatar name={member.name} photos={member.photo ? [member.photo] : []} className="size-14 text-xl" />
        <div className="min-w-0 flex-1">
          <h2 id="case-title" className="font-display text-xl font-semibold text-plum-900">
            {member.name}, {member.age}
          </h2>
          <p className="text-sm text-ink-soft">
            @{member.username} · {member.location}
          </p>
          {suspended && <p className="mt-1 text-xs font-semibold text-red-700">{suspended}</p>}
          {member.hiddenFromDiscovery && (
            <p className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
              <EyeOff className="size-3.5" aria-hidden /> {t`Hidden from discovery until reviewed`}
            </p>
          )}
        </div>
      </header>
      {member.bio && (
        <p className="rounded-2xl bg-white p-3 text-sm wrap-anywhere text-ink shadow-card">{member.bio}</p>
      )}

      <section aria-labelledby="case-reports-title" className="grid gap-2">
        <h3 id="case-reports-title" className="font-semibold text-plum-900">
          {t`Reports (${reports.length})`}
        </h3>
        <ul className="grid gap-2">
          {reports.map((r) => (
            <li key={r.id} className="grid gap-2 rounded-2xl bg-white p-3 text-sm shadow-card">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-plum-900">{reportReasonLabel(r.reason)}</span>
                <span className="rounded-full bg-plum-50 px-2 py-0.5 text-xs font-semibold text-plum-800">
                  {reportStatusLabel(r.status)}
                </span>
              </div>
              {r.event && (
                <p className="flex items-center gap-1.5 text-ink">
                  <CalendarHeart className="size-4 shrink-0 text-plum-600" aria-hidden />
                  <span>
                    {t`About their meetup`}{' '}
                    <span className="font-semibold">{r.event.title ?? t`a deleted meetup`}</span>
                  </span>
                </p>
              )}
              {r.description && <p className="whitespace-pre-line wrap-anywhere text-ink">“{r.description}”</p>}
              <p className="flex items-center gap-1 text-xs text-ink-soft">
                {t`By ${r.reporter.name}`} (@{r.reporter.username}) ·{' '}
                {new Date(r.createdAt).toLocaleString(activeLocale())}
                {r.reporterPremium && (
                  <span className="ml-1 inline-flex items-center gap-0.5 font-semibold text-amber-800">
                    <Crown className="size-3" aria-hidden /> {t`Priority`}
                  </span>
                )}
              </p>
              {r.messages.length > 0 && (
                <details className="rounded-xl bg-cream-100 p-2">
                  <summary className="flex cursor-pointer items-center gap-1 text-xs font-semibold text-plum-800">
                    <MessageSquareQuote className="size-3.5" aria-hidden />{' '}
                    {t`${plural(r.messages.length, { one: '# attached message', other: '# attached messages' })}`}
                  </summary>
                  <ol className="mt-2 grid gap-1">
                    {r.messages.map((m) => (
                      <li key={m.id} className="text-xs">
                        <span className="font-semibold">{m.senderName}:</span> {m.content}{' '}
                        <span className="text-ink-soft">{new Date(m.sentAt).toLocaleTimeString(activeLocale())}</span>
                        {m.messageType !== 'text' && <FrozenMedia message={m} />}
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </li>
          ))}
        </ul>
      </section>

      <Actions data={query.data} onDone={() => void query.refetch()} />

      <section aria-labelledby="history-title" className="grid gap-2">
        <h3 id="history-title" className="font-semibold text-plum-900">
          {t`Moderation history`}
        </h3>
        {history.length === 0 ? (
          <p className="text-sm text-ink-soft">{t`No earlier actions.`}</p>
        ) : (
          <ul className="grid gap-2">
            {history.map((e) => (
              <AuditRow key={e.id} entry={e} />
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

/**
 * A photo or voice note as it was when the report was filed: the frozen copy (moderators only), or a
 * note that nothing was left to copy.
 */
function FrozenMedia({ message }: { message: AttachedMessage }) {
  const { t } = useLingui();
  const media = message.media;
  if (!media) {
    return (
      <p className="mt-1 text-ink-soft italic">
        {message.messageType === 'image'
          ? t`Photo already gone when reported (no copy)`
          : t`Voice note already gone when reported (no copy)`}
      </p>
    );
  }
  return (
    <div className="mt-1 grid justify-items-start gap-1" data-testid="frozen-media">
      {media.viewOnce && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[0.65rem] font-semibold text-amber-800">
          {t`Sent as view once`}
        </span>
      )}
      {message.messageType === 'image' ? (
        <a href={media.url} target="_blank" rel="noreferrer" className="rounded-lg focus-visible:outline-2">
          <img
            src={media.url}
            alt={t`Photo from ${message.senderName}, frozen with the report`}
            className="max-h-48 max-w-full rounded-lg object-contain"
            loading="lazy"
          />
        </a>
      ) : (
        <VoicePlayer
          src={media.url}
          durationMs={media.durationMs ?? 0}
          waveform={media.waveform ?? []}
          label={t`voice note from ${message.senderName}`}
        />
      )}
    </div>
  );
}
