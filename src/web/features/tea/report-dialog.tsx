import { useState } from 'react';
import { X } from 'lucide-react';
import { Dialog } from '../../components/ui/dialog';
import { REPORT_REASONS, type ReportReason } from '../../../contract/safety';
import { Button } from '../../components/ui/button';
import { Field, NativeSelect, Textarea } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { useReportReply, useReportStory } from './tea-api';

/** Report a story or a reply: the same reasons, the same promise that no one is told who reported it. */
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
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [description, setDescription] = useState('');
  const reportStory = useReportStory();
  const reportReply = useReportReply();
  const report = target.kind === 'story' ? reportStory : reportReply;

  const submit = () => {
    if (!reason) return;
    report.mutate(
      { id: storyId, body: { reason, ...(description.trim() ? { description } : {}) } },
      {
        onSuccess: () => {
          onClose();
          setReason('');
          setDescription('');
          toast({ title: 'Report submitted', description: 'Thank you for helping keep Steep safe' });
        },
        onError: () =>
          toast({ title: 'Error', description: 'Failed to submit report. Please try again.', variant: 'destructive' }),
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
              onChange={(e) => setReason(e.target.value as ReportReason | '')}
            >
              <option value="">Choose a reason</option>
              {REPORT_REASONS.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`report-description-${target.kind}-${storyId}`} label="Details" optional>
            <Textarea
              id={`report-description-${target.kind}-${storyId}`}
              value={description}
              maxLength={1000}
              onChange={(e) => setDescription(e.target.value)}
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
