import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { Dialog, OVERLAY_CLASS } from '../../components/ui/dialog';
import { Clock, Mic, Plus, Square, Trash2, X } from 'lucide-react';
import { MAX_STATUS_VOICE_MS } from '../../../contract/chat-media';
import { STATUS_MAX_LENGTH, statusTimeLeft, type UserStatus } from '../../../contract/profiles';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Textarea } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { VoicePlayer } from '../../components/voice-player';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDuration, useVoiceRecorder, type Recording } from '../../lib/voice-recorder';
import { useClearStatus, useSetStatus, useSetVoiceStatus, useStatus } from './queries';
import { useLingui } from '@lingui/react/macro';

export function StatusCard({ userId }: { userId: string }) {
  const { data: status, isPending, isError } = useStatus(userId);
  const clear = useClearStatus(userId);
  const { toast } = useToast();
  const { t } = useLingui();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Re-renders once a minute so 'Nh left' counts down and turns into 'Expired' on an open screen.
  useMinuteClock();
  const left = status ? statusTimeLeft(status.expiresAt) : null;
  const expired = left === 'Expired';
  // statusTimeLeft says 'Nh left' or 'Expired'; the hours are read from it and said in her language.
  const hoursLeft = left && !expired ? Number.parseInt(left, 10) : 0;
  const leftText = expired ? t`Expired` : t`${hoursLeft}h left`;

  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-semibold text-ink">{t`24h Status`}</h2>
        {left && (
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold',
              expired ? 'bg-cream-200 text-ink-soft' : 'bg-matcha-100 text-matcha-700',
            )}
          >
            <Clock className="size-3.5" aria-hidden />
            {leftText}
          </span>
        )}
      </div>
      {isPending ? (
        <div className="h-5 w-2/3 animate-pulse rounded bg-cream-200" aria-label={t`Loading status`} />
      ) : isError ? (
        <p className="text-sm text-red-700">{t`Your status could not be loaded.`}</p>
      ) : status ? (
        <StatusContent status={status} expired={expired} />
      ) : (
        <p className="text-sm text-ink-soft">{t`Share what you're up to. It disappears after 24 hours.`}</p>
      )}
      <div className="flex gap-2">
        <Button variant="outline" className="flex-1" onClick={() => setDialogOpen(true)}>
          <Plus className="size-4" aria-hidden />
          {status && !expired ? t`New Status` : t`Add 24h Status`}
        </Button>
        {status && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t`Remove status`}
            disabled={clear.isPending}
            onClick={() =>
              clear.mutate(undefined, {
                onError: () =>
                  toast({
                    title: t`Could not remove your status`,
                    description: t`Please try again`,
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

/** The status itself: her words and her voice note, either or both. */
function StatusContent({ status, expired = false }: { status: UserStatus; expired?: boolean }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-2">
      {status.text && (
        <p
          className={cn(
            'leading-relaxed wrap-anywhere',
            expired ? 'text-ink-soft line-through decoration-ink-soft/40' : 'text-ink',
          )}
        >
          {status.text}
        </p>
      )}
      {status.voice && (
        <VoicePlayer
          src={status.voice.url}
          durationMs={status.voice.durationMs}
          waveform={status.voice.waveform}
          label={t`voice status`}
          testId="status-voice"
        />
      )}
    </div>
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
  const [recording, setRecording] = useState<Recording | null>(null);
  const [error, setError] = useState<string>();
  const setStatus = useSetStatus(userId);
  const setVoiceStatus = useSetVoiceStatus(userId);
  const pending = setStatus.isPending || setVoiceStatus.isPending;
  const { toast } = useToast();
  const { t } = useLingui();
  const textId = useId();

  const close = (next: boolean) => {
    if (!next) {
      setText('');
      setRecording(null);
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() && !recording) return;
    const handlers = {
      onSuccess: () => {
        toast({ title: t`Status shared`, description: t`It will disappear in 24 hours.` });
        close(false);
      },
      onError: (e: Error) =>
        setError(
          (isApiError(e) && (e.firstFieldError ?? e.serverMessage)) ||
            t`Your status could not be shared. Please try again.`,
        ),
    };
    if (recording) setVoiceStatus.mutate({ text: text.trim(), recording }, handlers);
    else setStatus.mutate({ text: text.trim() }, handlers);
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY_CLASS} />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto grid w-full max-w-md gap-4 rounded-t-[1.75rem] bg-cream-50 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-float data-[state=open]:animate-sheet-up focus:outline-none">
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="font-display text-xl font-semibold text-plum-900">
                {t`Add 24h Status`}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-ink-soft">
                {t`Visible on your profile for 24 hours.`}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t`Close`}
              className="-mt-1 -mr-2 grid size-11 place-items-center rounded-full text-ink-soft hover:bg-plum-50"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <form onSubmit={submit} className="grid gap-4">
            <div className="grid gap-1.5">
              <label htmlFor={textId} className="text-sm font-semibold text-ink">
                {t`What's brewing?`}
              </label>
              <Textarea
                id={textId}
                value={text}
                maxLength={STATUS_MAX_LENGTH}
                rows={3}
                placeholder={t`Trying a new oolong place on Main St. Recommendations?`}
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
            <VoiceNote
              recording={recording}
              onRecorded={(next) => {
                setRecording(next);
                setError(undefined);
              }}
              onError={setError}
            />
            <Button type="submit" size="lg" block disabled={(!text.trim() && !recording) || pending}>
              {pending ? t`Sharing…` : t`Share Status`}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Her voice note for the status: record (at most 30 seconds; it stops by itself there), listen to it,
 * record again or remove it. Nothing is uploaded until she shares the status.
 */
function VoiceNote({
  recording,
  onRecorded,
  onError,
}: {
  recording: Recording | null;
  onRecorded: (recording: Recording | null) => void;
  onError: (message: string | undefined) => void;
}) {
  const finishAtLimit = useRef<() => void>(() => undefined);
  const onLimit = useCallback(() => finishAtLimit.current(), []);
  const recorder = useVoiceRecorder(MAX_STATUS_VOICE_MS, onLimit);
  const { t } = useLingui();
  const maxSeconds = MAX_STATUS_VOICE_MS / 1000;
  const preview = useMemo(() => (recording ? URL.createObjectURL(recording.blob) : null), [recording]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const finish = useCallback(async () => {
    const done = await recorder.stop();
    if (!done) return;
    if (done.durationMs < 500) return onError(t`Record a little longer for a voice note.`);
    onRecorded(done);
  }, [recorder, onRecorded, onError, t]);
  useEffect(() => {
    finishAtLimit.current = () => void finish();
  }, [finish]);

  const start = async () => {
    onError(undefined);
    if (!(await recorder.start())) onError(t`Allow microphone access to record a voice note.`);
  };

  if (recorder.recording) {
    return (
      <div
        className="flex items-center gap-3 rounded-2xl border border-plum-200 bg-white/70 p-3"
        role="status"
        aria-label={t`Recording a voice note`}
      >
        <span aria-hidden className="size-2.5 animate-pulse rounded-full bg-red-600" />
        <span className="text-sm font-semibold text-ink tabular-nums" data-testid="status-recording-time">
          {formatDuration(recorder.elapsedMs)} / {formatDuration(MAX_STATUS_VOICE_MS)}
        </span>
        <span className="ml-auto flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label={t`Cancel recording`} onClick={recorder.cancel}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
          <Button variant="danger" size="icon" aria-label={t`Stop recording`} onClick={() => void finish()}>
            <Square className="size-4" aria-hidden />
          </Button>
        </span>
      </div>
    );
  }
  if (recording && preview) {
    return (
      <div className="flex items-center gap-2 rounded-2xl border border-plum-200 bg-white/70 p-2 pl-3">
        <VoicePlayer
          src={preview}
          durationMs={recording.durationMs}
          waveform={recording.waveform}
          label={t`your voice note`}
          testId="status-voice-preview"
        />
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto shrink-0"
          aria-label={t`Remove voice note`}
          onClick={() => onRecorded(null)}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-dashed border-plum-200 bg-white/70 p-3">
      <Button variant="outline" size="icon" aria-label={t`Record a voice note`} onClick={() => void start()}>
        <Mic className="size-4" aria-hidden />
      </Button>
      <p className="text-xs leading-snug text-ink-soft">
        {t`Add a voice note, up to ${maxSeconds} seconds. It disappears with your status.`}
      </p>
    </div>
  );
}
