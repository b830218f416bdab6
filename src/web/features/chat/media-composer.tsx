import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ImagePlus, SendHorizontal, Trash2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { MAX_VOICE_MS } from '../../../contract/chat-media';
import { Sheet } from '../../components/ui/sheet';
import { Button } from '../../components/ui/button';
import { canOpenPhoto, notAPhotoText } from './fit-photo';
import { formatDuration, useVoiceRecorder, type Recording } from '../../lib/voice-recorder';
import { useLingui } from '@lingui/react/macro';

/** A press shorter than this is a tap: it locks the recorder on instead of sending at release. */
const TAP_MS = 450;

/**
 * The composer's microphone: hold to record and release to send, or tap to lock recording on (then
 * Send or Cancel). Enter or Space on the focused button locks it on too.
 */
/** `disabled`: a photo or voice message is uploading (a disabled button still gets pointer events). */
export function useHoldToRecord(onSendVoice: (recording: Recording) => Promise<boolean>, disabled: boolean) {
  const { t } = useLingui();
  const atLimit = useRef<() => void>(() => undefined);
  const onLimit = useCallback(() => atLimit.current(), []);
  const recorder = useVoiceRecorder(MAX_VOICE_MS, onLimit);
  const [locked, setLocked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pressedAt = useRef(0);

  const begin = useCallback(async () => {
    setError(null);
    const ok = await recorder.start();
    if (!ok) setError(t`Allow microphone access to record a voice message.`);
    return ok;
  }, [recorder, t]);

  const finish = useCallback(async () => {
    setLocked(false);
    const recording = await recorder.stop();
    if (!recording) return;
    if (recording.durationMs < 500) {
      setError(t`Hold the microphone a little longer to record.`);
      return;
    }
    await onSendVoice(recording);
  }, [recorder, onSendVoice, t]);

  const cancel = useCallback(() => {
    setLocked(false);
    recorder.cancel();
  }, [recorder]);

  const buttonProps = {
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0 || locked || disabled) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      pressedAt.current = performance.now();
      void begin();
    },
    onPointerUp: () => {
      if (locked || pressedAt.current === 0) return;
      const held = performance.now() - pressedAt.current;
      pressedAt.current = 0;
      if (held < TAP_MS) setLocked(true);
      else void finish();
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      if (recorder.recording || disabled) return;
      void begin().then((ok) => ok && setLocked(true));
    },
  };

  // A recording that reached the limit is sent as it is.
  useEffect(() => {
    atLimit.current = () => void finish();
  }, [finish]);

  return {
    recording: recorder.recording,
    elapsedMs: recorder.elapsedMs,
    locked: locked && recorder.recording,
    error,
    finish,
    cancel,
    buttonProps,
  };
}

/** What shows while she records: the time, and when locked, Cancel and Send. */
export function RecordingBar({
  elapsedMs,
  locked,
  onCancel,
  onSend,
}: {
  elapsedMs: number;
  locked: boolean;
  onCancel: () => void;
  onSend: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-11 items-center gap-2 px-2 pb-1" role="status" aria-label={t`Recording a voice message`}>
      <span aria-hidden className="size-2.5 animate-pulse rounded-full bg-red-600" />
      <span className="text-sm font-semibold text-ink tabular-nums" data-testid="recording-time">
        {formatDuration(elapsedMs)} / {formatDuration(MAX_VOICE_MS)}
      </span>
      {locked ? (
        <span className="ml-auto flex items-center gap-1">
          <button
            type="button"
            onClick={onCancel}
            aria-label={t`Cancel recording`}
            className="grid size-11 place-items-center rounded-full text-ink-soft hover:bg-plum-50"
          >
            <Trash2 className="size-5" aria-hidden />
          </button>
          <button
            type="button"
            onClick={onSend}
            aria-label={t`Send voice message`}
            className="grid size-11 place-items-center rounded-full bg-plum-700 text-white hover:bg-plum-800"
          >
            <SendHorizontal className="size-5" aria-hidden />
          </button>
        </span>
      ) : (
        <span className="ml-auto text-xs text-ink-soft">{t`Release to send`}</span>
      )}
    </div>
  );
}

/** The picked photo before it goes: a preview, the view-once switch, Send. */
export function PhotoPicker({
  file,
  onClose,
  onSend,
  onChooseAnother,
}: {
  file: File | null;
  onClose: () => void;
  onSend: (file: File, viewOnce: boolean) => void;
  /** Opens the phone's picker again; the sheet stays open and shows what she picks. */
  onChooseAnother: () => void;
}) {
  const { t } = useLingui();
  const [viewOnce, setViewOnce] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  const switchId = useId();
  // Said in the sheet, before anything is uploaded: a file the browser cannot open as a picture is no photo.
  const [unreadable, setUnreadable] = useState<File | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (!file) return;
    let current = true;
    void canOpenPhoto(file).then((ok) => {
      if (current && !ok) setUnreadable(file);
    });
    return () => {
      current = false;
    };
  }, [file]);
  const problem = file !== null && unreadable === file;

  return (
    <Sheet
      open={file !== null}
      onOpenChange={(open) => {
        if (open) return;
        setViewOnce(false);
        onClose();
      }}
      title={t`Send a photo`}
      description={t`Location and camera details are removed before it is sent.`}
    >
      {problem ? (
        <div className="grid gap-2">
          <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
            {notAPhotoText()}
          </p>
          <Button variant="secondary" block onClick={onChooseAnother}>
            <ImagePlus className="size-4" aria-hidden />
            {t`Choose another photo`}
          </Button>
        </div>
      ) : (
        preview && (
          <img
            src={preview}
            alt={t`The photo you picked`}
            className="max-h-[50dvh] w-full rounded-2xl object-contain"
          />
        )
      )}
      <div className="flex min-h-11 items-center justify-between gap-4 rounded-2xl bg-cream-100 px-3">
        <label htmlFor={switchId} className="text-sm font-medium text-ink">
          {t`View once`}
          <span className="block text-xs font-normal text-ink-soft">{t`Deleted after it's opened`}</span>
        </label>
        <Switch.Root
          id={switchId}
          checked={viewOnce}
          onCheckedChange={setViewOnce}
          className="relative h-7 w-12 shrink-0 rounded-full bg-cream-300 transition-colors data-[state=checked]:bg-plum-600"
        >
          <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
        </Switch.Root>
      </div>
      <Button
        block
        disabled={problem}
        onClick={() => {
          if (!file || problem) return;
          setViewOnce(false);
          onSend(file, viewOnce);
        }}
      >
        <SendHorizontal className="size-4" aria-hidden />
        {t`Send photo`}
      </Button>
    </Sheet>
  );
}
