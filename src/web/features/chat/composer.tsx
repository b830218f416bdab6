import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ImagePlus, Mic, SendHorizontal } from 'lucide-react';
import { MESSAGE_MAX_LENGTH } from '../../../contract/chat';
import { cn } from '../../lib/cn';
import { Meter } from '../../components/ui/meter';
import { PhotoPicker, RecordingBar, useHoldToRecord } from './media-composer';
import type { Recording } from '../../lib/voice-recorder';
import type { MediaSending } from './use-send-media';
import { passFocusOnLeave } from '../../lib/focus-next';
import { useLingui } from '@lingui/react/macro';
/** Show the character count once the message gets near the limit. */
const COUNT_FROM = MESSAGE_MAX_LENGTH - 200;
const MAX_TEXTAREA_PX = 128;

const MESSAGE_INPUT_ID = 'message-input';
/** Cancel (the upload ended) or a failed message's Retry and Delete went: her focus goes on to the message box. */
export const focusMessageBoxOnLeave = passFocusOnLeave(MESSAGE_INPUT_ID);

/** Her focus in the message box (after a control that had it went away). */
export const focusMessageBox = () => document.getElementById(MESSAGE_INPUT_ID)?.focus();

const iconButton =
  'grid size-11 shrink-0 place-items-center rounded-full text-plum-700 transition-colors hover:bg-plum-50 active:bg-plum-100';

/**
 * The message input (product §2): Enter sends, Shift+Enter breaks the line; the send button is off while
 * the trimmed text is empty or a send is in flight. `onTextChange` drives the typing signal and keeps the draft.
 */
export function Composer({
  initialText,
  isSending,
  onSend,
  onTextChange,
  mediaSending,
  mediaCancelled,
  onCancelMedia,
  onSendPhoto,
  onSendVoice,
}: {
  /** Her unsent text from before (lib/message-drafts.ts). */
  initialText: string;
  isSending: boolean;
  /** Resolves true when the message was stored. */
  onSend: (content: string) => Promise<boolean>;
  onTextChange: (value: string) => void;
  /** A photo or voice message on its way (upload, then send). */
  mediaSending: MediaSending | null;
  /** The kind of the upload she last cancelled, until the next starts. */
  mediaCancelled: 'image' | 'voice' | null;
  /** Stops its upload. */
  onCancelMedia: () => void;
  onSendPhoto: (file: File, viewOnce: boolean) => Promise<boolean>;
  onSendVoice: (recording: Recording) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(() => initialText.slice(0, MESSAGE_MAX_LENGTH));
  const voice = useHoldToRecord(onSendVoice, mediaSending !== null);
  const photoInput = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const canSend = text.trim().length > 0 && !isSending;
  const sendingLabel = (kind: 'image' | 'voice') => (kind === 'image' ? t`Sending photo…` : t`Sending voice message…`);
  // Said to a screen reader: what is on its way, and that a cancelled one was not sent (the row just goes).
  const announcement = mediaSending
    ? sendingLabel(mediaSending.kind)
    : mediaCancelled === 'image'
      ? t`Photo not sent`
      : mediaCancelled === 'voice'
        ? t`Voice message not sent`
        : '';
  const percent = mediaSending ? Math.round(mediaSending.progress * 100) : 0;
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_TEXTAREA_PX)}px`;
  }, [text]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const content = text;
    // Cleared at once: the message shows as a "sending" bubble, and a failed one offers Retry there.
    setText('');
    onTextChange('');
    void onSend(content);
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      data-obscures-focus="bottom"
      className="sticky bottom-0 z-20 border-t border-cream-200/80 bg-cream-50/95 px-2 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] backdrop-blur-md"
    >
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {mediaSending && (
        <div className="flex items-center gap-3 ps-3 pb-1">
          <p aria-hidden className="shrink-0 text-xs font-medium text-plum-700">
            {sendingLabel(mediaSending.kind)}
          </p>
          <div className="min-w-0 flex-1">
            <Meter percent={percent} label={sendingLabel(mediaSending.kind)} />
          </div>
          <span aria-hidden className="w-9 shrink-0 text-end text-xs font-medium text-plum-700 tabular-nums">
            {percent}%
          </span>
          {mediaSending.cancellable ? (
            <button
              ref={focusMessageBoxOnLeave}
              type="button"
              aria-label={t`Cancel upload`}
              onClick={onCancelMedia}
              className="min-h-11 shrink-0 rounded-full px-3 text-sm font-semibold text-plum-700 hover:bg-plum-50"
            >
              {t`Cancel`}
            </button>
          ) : (
            // The row keeps its height when Cancel goes, so the message box does not jump.
            <span aria-hidden className="min-h-11" />
          )}
        </div>
      )}
      {voice.error && (
        <p role="alert" className="px-3 pb-1 text-xs font-medium text-red-700">
          {voice.error}
        </p>
      )}
      <PhotoPicker
        file={picked}
        onClose={() => setPicked(null)}
        onChooseAnother={() => photoInput.current?.click()}
        onSend={(file, viewOnce) => {
          setPicked(null);
          void onSendPhoto(file, viewOnce);
        }}
      />
      <input
        ref={photoInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="photo-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) setPicked(file);
        }}
      />
      {voice.recording ? (
        <RecordingBar
          elapsedMs={voice.elapsedMs}
          locked={voice.locked}
          onCancel={voice.cancel}
          onSend={() => void voice.finish()}
        />
      ) : null}
      {text.length >= COUNT_FROM && (
        <p aria-live="polite" className="px-14 pb-1 text-right text-xs text-ink-soft tabular-nums">
          {text.length}/{MESSAGE_MAX_LENGTH}
        </p>
      )}
      <div className={cn('flex items-end gap-1', voice.locked && 'hidden')}>
        {/* aria-disabled, not disabled, while a photo or voice message sends: the picker's Send returns her focus
            here, and a disabled button would drop it to the top of the page. */}
        <button
          type="button"
          aria-label={t`Share a photo`}
          className={cn(iconButton, 'aria-disabled:opacity-50')}
          aria-disabled={mediaSending !== null}
          onClick={() => {
            if (mediaSending === null) photoInput.current?.click();
          }}
        >
          <ImagePlus className="size-5" aria-hidden />
        </button>
        <label htmlFor={MESSAGE_INPUT_ID} className="sr-only">
          {t`Message`}
        </label>
        <textarea
          id={MESSAGE_INPUT_ID}
          ref={textarea}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t`Type a message…`}
          enterKeyHint="send"
          onChange={(event) => {
            setText(event.target.value);
            onTextChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          className="min-h-11 flex-1 resize-none rounded-[1.4rem] border border-cream-300 bg-white px-4 py-[0.6rem] text-[0.95rem] leading-snug text-ink placeholder:text-ink-soft/60 focus:border-plum-300 focus:ring-4 focus:ring-plum-100 focus:outline-none"
        />
        <button
          type="button"
          aria-label={t`Record a voice message (hold to record, tap to lock)`}
          className={cn(iconButton, 'touch-none select-none disabled:opacity-50')}
          disabled={mediaSending !== null}
          {...voice.buttonProps}
        >
          <Mic className="size-5" aria-hidden />
        </button>
        <button
          type="submit"
          aria-label={t`Send message`}
          disabled={!canSend}
          className={cn(
            'grid size-11 shrink-0 place-items-center rounded-full transition-[background-color,transform] active:scale-95',
            canSend
              ? 'bg-plum-700 text-white shadow-[0_6px_16px_-6px_rgb(107_36_88/0.6)] hover:bg-plum-800'
              : 'bg-plum-100 text-plum-300',
          )}
        >
          <SendHorizontal className="size-5" aria-hidden />
        </button>
      </div>
    </form>
  );
}
