import { useEffect, useId, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { Clock, Mic, Plus, Square, Trash2, X } from 'lucide-react';
import { STATUS_MAX_LENGTH, STATUS_VOICE_SECONDS, statusTimeLeft } from '../../../contract/profiles';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Textarea } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useClearStatus, useSetStatus, useStatus } from './queries';

/** Re-renders once a minute so 'Nh left' counts down and turns into 'Expired' on an open screen. */
function useMinuteTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}

export function StatusCard({ userId }: { userId: string }) {
  const { data: status, isPending, isError } = useStatus(userId);
  const clear = useClearStatus(userId);
  const { toast } = useToast();
  const [dialogOpen, setDialogOpen] = useState(false);
  useMinuteTick();
  const left = status ? statusTimeLeft(status.expiresAt) : null;
  const expired = left === 'Expired';

  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-semibold text-ink">24h Status</h2>
        {left && (
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold',
              expired ? 'bg-cream-200 text-ink-soft' : 'bg-matcha-100 text-matcha-700',
            )}
          >
            <Clock className="size-3.5" aria-hidden />
            {left}
          </span>
        )}
      </div>
      {isPending ? (
        <div className="h-5 w-2/3 animate-pulse rounded bg-cream-200" aria-label="Loading status" />
      ) : isError ? (
        <p className="text-sm text-red-700">Your status could not be loaded.</p>
      ) : status ? (
        <p
          className={cn(
            'leading-relaxed break-words',
            expired ? 'text-ink-soft line-through decoration-ink-soft/40' : 'text-ink',
          )}
        >
          {status.text}
        </p>
      ) : (
        <p className="text-sm text-ink-soft">Share what you're up to. It disappears after 24 hours.</p>
      )}
      <div className="flex gap-2">
        <Button variant="outline" className="flex-1" onClick={() => setDialogOpen(true)}>
          <Plus className="size-4" aria-hidden />
          {status && !expired ? 'New Status' : 'Add 24h Status'}
        </Button>
        {status && (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Remove status"
            disabled={clear.isPending}
            onClick={() =>
              clear.mutate(undefined, {
                onError: () =>
                  toast({
                    title: 'Could not remove your status',
                    description: 'Please try again',
                    variant: 'destructive',
                  }),
              })
            }
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        )}
      </div>
      <StatusDialog userId={userId} open={dialogOpen} onOpenChange={setDialogOpen} />
    </Card>
  );
}

function StatusDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const setStatus = useSetStatus(userId);
  const { toast } = useToast();
  const textId = useId();

  const close = (next: boolean) => {
    if (!next) {
      setText('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setStatus.mutate(
      { text: text.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Status shared', description: 'It will disappear in 24 hours.' });
          close(false);
        },
        onError: (e) =>
          setError(
            (isApiError(e) && (e.firstFieldError ?? e.serverMessage)) ||
              'Your status could not be shared. Please try again.',
          ),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-plum-900/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto grid w-full max-w-md gap-4 rounded-t-[1.75rem] bg-cream-50 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-float data-[state=open]:animate-sheet-up focus:outline-none">
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="font-display text-xl font-semibold text-plum-900">Add 24h Status</Dialog.Title>
              <Dialog.Description className="text-sm text-ink-soft">
                Visible on your profile for 24 hours.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 grid size-11 place-items-center rounded-full text-ink-soft hover:bg-plum-50"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <form onSubmit={submit} className="grid gap-4">
            <div className="grid gap-1.5">
              <label htmlFor={textId} className="text-sm font-semibold text-ink">
                What's brewing?
              </label>
              <Textarea
                id={textId}
                value={text}
                maxLength={STATUS_MAX_LENGTH}
                rows={3}
                placeholder="Trying a new oolong place on Main St. Recommendations?"
                onChange={(e) => {
                  setText(e.target.value);
                  setError(undefined);
                }}
                aria-describedby={`${textId}-count`}
                aria-invalid={error ? true : undefined}
              />
              <div className="flex justify-between gap-3 text-xs">
                <span role="alert" className="font-medium text-red-700">
                  {error}
                </span>
                <span id={`${textId}-count`} className="shrink-0 text-ink-soft tabular-nums">
                  {text.length}/{STATUS_MAX_LENGTH}
                </span>
              </div>
            </div>
            <VoicePreview />
            <Button type="submit" size="lg" block disabled={!text.trim() || setStatus.isPending}>
              {setStatus.isPending ? 'Sharing…' : 'Share Status'}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Product §9: a simulated 3-second voice recording. Nothing touches the microphone and nothing is
 * uploaded, and the copy says so.
 */
function VoicePreview() {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (secondsLeft === null) return;
    const timer = setTimeout(() => {
      if (secondsLeft > 1) {
        setSecondsLeft(secondsLeft - 1);
      } else {
        setSecondsLeft(null);
        setDone(true);
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const recording = secondsLeft !== null;
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-dashed border-plum-200 bg-white/70 p-3">
      <Button
        variant={recording ? 'danger' : 'outline'}
        size="icon"
        aria-label={recording ? 'Stop voice preview' : 'Try a voice note preview'}
        onClick={() => {
          setDone(false);
          setSecondsLeft(recording ? null : STATUS_VOICE_SECONDS);
        }}
      >
        {recording ? <Square className="size-4" aria-hidden /> : <Mic className="size-4" aria-hidden />}
      </Button>
      <p className="text-xs leading-snug text-ink-soft" aria-live="polite">
        {recording
          ? `Simulating a ${STATUS_VOICE_SECONDS}-second voice note… ${secondsLeft}s`
          : done
            ? 'Preview finished. Voice notes are not recorded or shared yet.'
            : 'Voice notes are coming soon. This is a simulated preview: no audio is recorded.'}
      </p>
    </div>
  );
}
