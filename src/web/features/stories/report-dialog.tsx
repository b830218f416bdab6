import { useRef, useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import { Dialog, OVERLAY_CLASS } from '../../components/ui/dialog';
import { REPORT_OTHER_DETAIL_MIN, TEA_REPORT_REASONS, type TeaReportReason } from '../../../contract/stories';
import { Button } from '../../components/ui/button';
import { toastReportFailed } from '../../components/report-failed';
import { Field, NativeSelect, Textarea, describedBy } from '../../components/ui/field';
import { isApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/form-errors';
import { toast } from '../../components/ui/toast';
import { useReportReply, useReportStory } from './stories-api';
import { teaReportReasonLabel } from '../../lib/tea-labels';
import { useLingui } from '@lingui/react/macro';

const FIELDS = ['reason', 'description'] as const;

/**
 * Report a story or a reply: reasons that fit a text (not a profile's), "Other" with a few words, and the
 * same promise that no one is told who reported it. A second report by her is answered as such. Sent without a
 * reason, the form says so beside it (a disabled button said nothing).
 */
export function ReportDialog({
  target,
  open,
  onClose,
}: {
  target: { kind: 'story' | 'reply'; id: string };
  open: boolean;
  onClose: () => void;
}) {
  const storyId = target.id;
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState<TeaReportReason | ''>('');
  const { formRef, errors, refuse, clearError } = useFormErrors(FIELDS);
  const [description, setDescription] = useState('');
  const reportStory = useReportStory();
  const reportReply = useReportReply();
  const report = target.kind === 'story' ? reportStory : reportReply;
  const detailId = `report-description-${target.kind}-${storyId}`;
  const reasonId = `report-reason-${target.kind}-${storyId}`;

  // A double tap lands before the first tap's pending state renders: one report per submit.
  const sending = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    if (
      refuse({
        ...(reason === '' ? { reason: t`Pick a reason for your report` } : {}),
        ...(reason === 'other' && description.trim().length < REPORT_OTHER_DETAIL_MIN
          ? { description: t`Say in a few words what is wrong (at least ${REPORT_OTHER_DETAIL_MIN} characters)` }
          : {}),
      }) ||
      !reason
    )
      return;
    sending.current = true;
    report.mutate(
      { id: storyId, body: { reason, ...(description.trim() ? { description } : {}) } },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => {
          onClose();
          setReason('');
          setDescription('');
          toast({
            title: t`Report submitted`,
            description:
              target.kind === 'story'
                ? t`Thank you for helping keep Steep safe. This story is gone from your feed.`
                : t`Thank you for helping keep Steep safe`,
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            onClose();
            toast({
              title: t`Already reported`,
              description: t`You already reported this. Our moderators will review it.`,
            });
            return;
          }
          toastReportFailed(i18n, error);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !report.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY_CLASS} />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto grid w-full max-w-md gap-4 rounded-t-[1.75rem] bg-cream-50 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-float data-[state=open]:animate-sheet-up focus:outline-none">
          <div className="flex items-start justify-between gap-3">
            <div className="grid gap-1">
              <Dialog.Title className="font-display text-xl font-semibold text-plum-900">
                {target.kind === 'story' ? t`Report story` : t`Report reply`}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-ink-soft">
                {target.kind === 'story'
                  ? t`Our moderators review reported stories. No one is told who reported it.`
                  : t`Our moderators review reported replies. No one is told who reported it.`}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t`Close`} className="-mt-1 -mr-2 shrink-0">
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
            <Field id={reasonId} label={t`Reason`} error={errors.reason}>
              <NativeSelect
                id={reasonId}
                {...describedBy(reasonId, { error: errors.reason })}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value as TeaReportReason | '');
                  clearError('reason');
                  clearError('description');
                }}
              >
                <option value="">{t`Choose a reason`}</option>
                {TEA_REPORT_REASONS.map((r) => (
                  <option key={r.value} value={r.value}>
                    {teaReportReasonLabel(i18n, r.value)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={detailId} label={t`Details`} optional={reason !== 'other'} error={errors.description}>
              <Textarea
                id={detailId}
                {...describedBy(detailId, { error: errors.description })}
                value={description}
                maxLength={1000}
                onChange={(e) => {
                  setDescription(e.target.value);
                  clearError('description');
                }}
              />
            </Field>
            <Button type="submit" block disabled={report.isPending}>
              {report.isPending ? t`Sending…` : t`Submit report`}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
