import { useRef, useState } from 'react';
import { X } from 'lucide-react';
import { Dialog } from '../../components/ui/dialog';
import { REPORT_OTHER_DETAIL_MIN, TEA_REPORT_REASONS, type TeaReportReason } from '../../../contract/tea';
import { Button } from '../../components/ui/button';
import { Field, NativeSelect, Textarea, describedBy } from '../../components/ui/field';
import { errorText, isApiError } from '../../lib/api';
import { toast } from '../../components/ui/toast';
import { useReportReply, useReportStory } from './tea-api';

/**
 * Report a story or a reply: reasons that fit a text (not a profile's), "Other" with a few words, and the
 * same promise that no one is told who reported it. A second report by her is answered as such.
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
  const [reason, setReason] = useState<TeaReportReason | ''>('');
  const [detailError, setDetailError] = useState<string | undefined>();
  const [description, setDescription] = useState('');
  const reportStory = useReportStory();
  const reportReply = useReportReply();
  const report = target.kind === 'story' ? reportStory : reportReply;
  const detailId = `report-description-${target.kind}-${storyId}`;

  // A double tap lands before the first tap's pending state renders: one report per submit.
  const sending = useRef(false);
  const submit = () => {
    if (!reason || sending.current) return;
    if (reason === 'other' && description.trim().length < REPORT_OTHER_DETAIL_MIN) {
      setDetailError(`Say in a few words what is wrong (at least ${REPORT_OTHER_DETAIL_MIN} characters)`);
      document.getElementById(detailId)?.focus();
      return;
    }
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
          toast({ title: 'Report submitted', description: 'Thank you for helping keep Steep safe' });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            onClose();
            toast({ title: 'Already reported', description: errorText(error) });
            return;
          }
          toast({ title: 'Error', description: 'Failed to submit report. Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !report.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-plum-900/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto grid w-full max-w-md gap-4 rounded-t-[1.75rem] bg-cream-50 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-float data-[state=open]:animate-sheet-up focus:outline-none">
          <div className="flex items-start justify-between gap-3">
            <div className="grid gap-1">
              <Dialog.Title className="font-display text-xl font-semibold text-plum-900">
                {target.kind === 'story' ? 'Report story' : 'Report reply'}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-ink-soft">
                Our moderators review reported {target.kind === 'story' ? 'stories' : 'replies'}. No one is told who
                reported it.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-1 -mr-2 shrink-0">
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Field id={`report-reason-${target.kind}-${storyId}`} label="Reason">
            <NativeSelect
              id={`report-reason-${target.kind}-${storyId}`}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value as TeaReportReason | '');
                setDetailError(undefined);
              }}
            >
              <option value="">Choose a reason</option>
              {TEA_REPORT_REASONS.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={detailId} label="Details" optional={reason !== 'other'} error={detailError}>
            <Textarea
              id={detailId}
              {...describedBy(detailId, { error: detailError })}
              value={description}
              maxLength={1000}
              onChange={(e) => {
                setDescription(e.target.value);
                setDetailError(undefined);
              }}
            />
          </Field>
          <Button block disabled={!reason || report.isPending} onClick={submit}>
            {report.isPending ? 'Sending…' : 'Submit report'}
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
