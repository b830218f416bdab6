import { useEffect, useId, useMemo } from 'react';
import { AlertCircle, Check, CheckCheck, Clock3, ImageIcon, Mic, Sparkles } from 'lucide-react';
import type { Message, ReactionEmoji } from '../../../contract/chat';
import { cn } from '../../lib/cn';
import { formatMessageTime } from './format';
import { PhotoMessage, VoiceMessage } from './media-bubbles';
import { ReactionChips, ReactionPicker } from './reactions';
import type { OutgoingMessage } from './use-send-message';
import type { MediaJob } from './use-send-media';
import { focusMessageBoxOnLeave } from './composer';
import { useLingui } from '@lingui/react/macro';

const bubbleBase = 'relative max-w-full rounded-[1.35rem] px-3.5 pt-2 pb-1.5 text-[0.95rem] leading-snug';
const mineBubble = 'rounded-br-md bg-plum-700 text-white shadow-[0_6px_14px_-10px_rgb(107_36_88/0.9)]';
const theirsBubble =
  'rounded-bl-md border border-cream-200 bg-white text-ink shadow-[0_4px_12px_-10px_rgb(58_19_49/0.5)]';

function Body({ content }: { content: string }) {
  return <p className="wrap-anywhere whitespace-pre-wrap">{content}</p>;
}

function StarterLabel({ mine }: { mine: boolean }) {
  const { t } = useLingui();
  return (
    <span
      className={cn(
        'mb-1 inline-flex items-center gap-1 px-1 text-[0.7rem] font-semibold tracking-wide text-matcha-700',
        mine ? 'self-end' : 'self-start',
      )}
    >
      <Sparkles className="size-3" aria-hidden />
      {t`Conversation starter`}
    </span>
  );
}

/** A stored message: time, read ticks on her own, grouped reactions and the add-reaction button. */
export function MessageBubble({
  message,
  mine,
  onToggleReaction,
  reactionTabbable,
  onReactionFocus,
}: {
  message: Message;
  mine: boolean;
  onToggleReaction: (message: Message, emoji: ReactionEmoji) => void;
  /** Its "Add reaction" is the list's Tab stop (MessageList). */
  reactionTabbable: boolean;
  onReactionFocus: () => void;
}) {
  const { t, i18n } = useLingui();
  const toggle = (emoji: ReactionEmoji) => onToggleReaction(message, emoji);
  const bubbleId = useId();
  const picker = (
    <ReactionPicker
      groups={message.reactions}
      onToggle={toggle}
      align={mine ? 'end' : 'start'}
      bubbleId={bubbleId}
      tabbable={reactionTabbable}
      onFocus={onReactionFocus}
    />
  );
  return (
    <li
      data-message-id={message.id}
      className={cn('flex items-end gap-1', mine ? 'justify-end pl-8' : 'justify-start pr-8')}
    >
      {mine && picker}
      <div className={cn('flex min-w-0 flex-col', mine ? 'items-end' : 'items-start')}>
        {message.messageType === 'icebreaker' && <StarterLabel mine={mine} />}
        <div
          id={bubbleId}
          className={cn(
            bubbleBase,
            mine ? mineBubble : theirsBubble,
            message.messageType === 'image' && 'px-1.5 pt-1.5',
          )}
        >
          {message.media && message.messageType === 'image' ? (
            <PhotoMessage message={message} mine={mine} />
          ) : message.media && message.messageType === 'voice' ? (
            <VoiceMessage message={message} mine={mine} />
          ) : (
            <Body content={message.content} />
          )}
          <span
            className={cn(
              'mt-0.5 flex items-center justify-end gap-1 text-[0.68rem] leading-none tabular-nums',
              mine ? 'text-white/70' : 'text-ink-soft',
            )}
          >
            {mine && message.media?.kind === 'voice' && message.media.playedAt && <span>{t`Played`}</span>}
            <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, i18n.locale)}</time>
            {mine &&
              (message.readAt ? (
                <CheckCheck className="size-4 text-matcha-300" strokeWidth={2.5} aria-label={t`Read`} role="img" />
              ) : (
                <Check className="size-4" strokeWidth={2.5} aria-label={t`Sent`} role="img" />
              ))}
          </span>
        </div>
        <ReactionChips groups={message.reactions} mine={mine} onToggle={toggle} />
      </div>
      {!mine && picker}
    </li>
  );
}

/** A failed photo's own picture, or a voice note's microphone: what is waiting to be sent again. */
function FailedMedia({ job }: { job: MediaJob }) {
  const { t } = useLingui();
  const preview = useMemo(() => (job.kind === 'image' && job.file ? URL.createObjectURL(job.file) : null), [job]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // A fixed height: the list scrolls to this bubble before the picture has loaded.
  if (preview) {
    return (
      <img
        src={preview}
        alt={t`Your photo, not sent`}
        className="mb-1 h-40 w-auto max-w-full rounded-xl object-cover opacity-80"
      />
    );
  }
  return (
    <p className="flex items-center gap-1.5">
      {job.kind === 'image' ? <ImageIcon className="size-4" aria-hidden /> : <Mic className="size-4" aria-hidden />}
      {job.kind === 'image' ? t`Photo` : t`Voice message`}
    </p>
  );
}

/** Her own message on its way to the server, or refused: retry keeps its clientMessageId. */
export function OutgoingBubble({
  item,
  onRetry,
  onDiscard,
}: {
  item: OutgoingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useLingui();
  const failed = item.status === 'failed';
  // Retry and Delete say which message they are for: with several failed, a screen reader hears each one's own.
  const bubbleId = useId();
  return (
    <li className="flex flex-col items-end pl-8">
      <div id={bubbleId} className={cn(bubbleBase, mineBubble, failed && 'bg-plum-400')}>
        {item.media ? <FailedMedia job={item.media} /> : <Body content={item.content} />}
        <span className="mt-0.5 flex items-center justify-end gap-1 text-[0.68rem] leading-none text-white/75 tabular-nums">
          <time dateTime={item.createdAt}>{formatMessageTime(item.createdAt, i18n.locale)}</time>
          {failed ? (
            <AlertCircle className="size-3.5" aria-label={t`Not sent`} role="img" />
          ) : (
            <Clock3 className="size-3.5" aria-label={t`Sending`} role="img" />
          )}
        </span>
      </div>
      {failed && (
        <div className="mt-1 flex items-center gap-1 text-xs">
          <span className="font-medium text-red-700">{t`Not sent.`}</span>
          <button
            type="button"
            ref={focusMessageBoxOnLeave}
            aria-describedby={bubbleId}
            onClick={onRetry}
            className="min-h-9 rounded-full px-3 font-semibold text-plum-700 hover:bg-plum-50"
          >
            {t`Retry`}
          </button>
          <button
            type="button"
            ref={focusMessageBoxOnLeave}
            aria-describedby={bubbleId}
            onClick={onDiscard}
            className="min-h-9 rounded-full px-3 font-medium text-ink-soft hover:bg-plum-50"
          >
            {t`Delete`}
          </button>
        </div>
      )}
    </li>
  );
}
