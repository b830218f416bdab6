import { useState, type FormEvent } from 'react';
import { REPORT_DESCRIPTION_MAX, REPORT_REASONS, type ReportReason } from '../../../contract/safety';
import { Button } from '../../components/ui/button';
import { Field, Input, NativeSelect, Textarea } from '../../components/ui/field';
import { Sheet } from '../../components/ui/sheet';
import { toast } from '../../components/ui/toast';
import { useFileReport } from './safety-api';

/** Spec 5 "Report form": username and reason required (submit disabled until both), description optional. */
export function ReportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [username, setUsername] = useState('');
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [description, setDescription] = useState('');
  const file = useFileReport();
  const ready = username.trim() !== '' && reason !== '' && !file.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !reason) return;
    file.mutate(
      {
        reportedUsername: username.trim().replace(/^@/, ''),
        reason,
        ...(description.trim() ? { description: description.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast({
            title: 'Report submitted',
            description: "Thank you for helping keep Steep safe. We'll review this report promptly.",
          });
          setUsername('');
          setReason('');
          setDescription('');
          onOpenChange(false);
        },
        onError: (error) => {
          console.warn('Report failed.', error);
          toast({ title: 'Error', description: 'Failed to submit report. Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Report User"
      description="Reports are confidential: the person you report is never told who reported them."
    >
      <form onSubmit={submit} className="grid gap-4">
        <Field id="report-username" label="Username" hint="Their @username, as shown on their profile.">
          <Input
            id="report-username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            placeholder="@username"
            maxLength={31}
          />
        </Field>
        <Field id="report-reason" label="Reason">
          <NativeSelect id="report-reason" value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
            <option value="" disabled>
              Choose a reason
            </option>
            {REPORT_REASONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id="report-description"
          label="What happened?"
          optional
          hint={`${description.length}/${REPORT_DESCRIPTION_MAX}`}
        >
          <Textarea
            id="report-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={REPORT_DESCRIPTION_MAX}
            rows={4}
            placeholder="Anything that helps our team understand"
          />
        </Field>
        <Button type="submit" disabled={!ready} block>
          {file.isPending ? 'Submitting…' : 'Submit Report'}
        </Button>
      </form>
    </Sheet>
  );
}
