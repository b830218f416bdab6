import { Fragment, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Message, ReactionEmoji } from '../../../contract/chat';
import { formatDayLabel, isOtherDay } from './format';
import { MessageBubble, OutgoingBubble } from './message-bubble';
import type { OutgoingMessage } from './use-send-message';
import { useLingui } from '@lingui/react/macro';

/** Within this distance of the bottom the list follows new messages; further up, she is reading back. */
const STICK_TO_BOTTOM_PX = 120;

function DaySeparator({ iso, now }: { iso: string; now: number }) {
  const { i18n } = useLingui();
  return (
    // A plain item: an <li> with role=separator is no list item, and axe's `list` rule fails the <ol>.
    <li className="flex items-center gap-3 py-2 text-[0.7rem] font-semibold tracking-wider text-ink-soft uppercase">
      <span aria-hidden className="h-px flex-1 bg-cream-300" />
      {formatDayLabel(iso, now, i18n.locale)}
      <span aria-hidden className="h-px flex-1 bg-cream-300" />
    </li>
  );
}

/**
 * The scrolling conversation (product §2): opens at the newest message and follows new ones while she
 * is at the bottom; loading older pages keeps the message she was reading in place.
 */
export function MessageList({
  messages,
  outbox,
  myId,
  now,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onToggleReaction,
  onRetry,
  onDiscard,
  header,
}: {
  messages: Message[];
  outbox: readonly OutgoingMessage[];
  myId: string;
  now: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onToggleReaction: (message: Message, emoji: ReactionEmoji) => void;
  onRetry: (item: OutgoingMessage) => void;
  onDiscard: (clientMessageId: string) => void;
  header?: ReactNode;
}) {
  const { t } = useLingui();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const restoreFrom = useRef<{ height: number; top: number } | null>(null);

  // An echo can arrive before the send resolves: never show a message twice.
  const stored = new Set(messages.map((m) => m.clientMessageId).filter(Boolean));
  const pending = outbox.filter((item) => !stored.has(item.clientMessageId));

  // One Tab stop for every message's "Add reaction" (the last one focused, else the newest), so Tab goes from the
  // conversation to the composer in one press; the arrow keys move between messages (a roving tab index).
  const [reactionStop, setReactionStop] = useState<string | null>(null);
  const tabbableId = messages.some((m) => m.id === reactionStop) ? reactionStop : messages.at(-1)?.id;
  const moveBetweenMessages = (event: KeyboardEvent<HTMLOListElement>) => {
    const triggers = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-reaction-trigger]')];
    const from = triggers.indexOf(event.target as HTMLElement);
    if (from === -1) return;
    const to = { ArrowUp: from - 1, ArrowDown: from + 1, Home: 0, End: triggers.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    triggers[Math.max(0, Math.min(to, triggers.length - 1))]?.focus();
  };

  const firstId = messages[0]?.id;
  const last = messages.at(-1);
  const lastKey = `${last?.id ?? ''}:${pending.length}:${pending.at(-1)?.status ?? ''}`;
  const lastIsMine = pending.length > 0 || last?.senderId === myId;

  // Older page prepended: keep the view where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    const saved = restoreFrom.current;
    if (!el || !saved) return;
    el.scrollTop = el.scrollHeight - saved.height + saved.top;
    restoreFrom.current = null;
  }, [firstId]);

  // Newest message: follow it when she is at the bottom or it is her own.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (atBottom.current || lastIsMine) el.scrollTop = el.scrollHeight;
  }, [lastKey, lastIsMine]);

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
      }}
      className="flex-1 overflow-y-auto overscroll-contain px-3 pt-3 pb-4"
    >
      {header}
      {hasOlder && (
        <div className="flex justify-center pb-2">
          <button
            type="button"
            disabled={loadingOlder}
            onClick={() => {
              const el = scroller.current;
              if (el) restoreFrom.current = { height: el.scrollHeight, top: el.scrollTop };
              onLoadOlder();
            }}
            className="rounded-full bg-white px-4 py-2 text-xs font-semibold text-plum-700 shadow-card disabled:opacity-60"
          >
            {loadingOlder ? t`Loading…` : t`Load earlier messages`}
          </button>
        </div>
      )}
      {/* role=log: screen readers announce arriving messages without moving focus. */}
      <div role="log" aria-label={t`Conversation`} aria-relevant="additions">
        <ol aria-label={t`Messages`} className="flex flex-col gap-2.5" onKeyDown={moveBetweenMessages}>
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            return (
              <Fragment key={message.id}>
                {(!previous || isOtherDay(previous.createdAt, message.createdAt)) && (
                  <DaySeparator iso={message.createdAt} now={now} />
                )}
                <MessageBubble
                  message={message}
                  mine={message.senderId === myId}
                  onToggleReaction={onToggleReaction}
                  reactionTabbable={message.id === tabbableId}
                  onReactionFocus={() => setReactionStop(message.id)}
                />
              </Fragment>
            );
          })}
          {pending.map((item) => (
            <OutgoingBubble
              key={item.clientMessageId}
              item={item}
              onRetry={() => onRetry(item)}
              onDiscard={() => onDiscard(item.clientMessageId)}
            />
          ))}
        </ol>
      </div>
    </div>
  );
}
