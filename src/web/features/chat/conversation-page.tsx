import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../components/ui/toast';
import { MessageCircleOff, RotateCw } from 'lucide-react';
import type { Message } from '../../../contract/chat';
import type { Match } from '../../../contract/matches';
import { buttonClasses } from '../../components/ui/button';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { matchListRoute } from '../../lib/matches';
import { queryKeyOf } from '../../lib/query-key';
import { readMessageDraft, saveMessageDraft } from '../../lib/message-drafts';
import { saveOfflineConversation, toOfflineConversation } from '../../lib/offline-conversations';
import { useCurrentUser } from '../../lib/session';
import { flattenPages } from './chat-cache';
import { Composer } from './composer';
import { useSendMedia } from './use-send-media';
import { ConversationHeader } from './conversation-header';
import { DatePlanBanner } from '../../components/datesafety/date-plan-banner';
import { OfflineNotice } from '../../components/offline-notice';
import { EmptyConversation } from './conversation-starters';
import { MessageList } from './message-list';
import { useMatch, useMessages } from './queries';
import { useRealtime, useRealtimeEvent } from '../../lib/realtime/realtime-provider';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { useReadReceipts } from './use-read-receipts';
import { useToggleReaction } from './use-reactions';
import { useSendMessage } from './use-send-message';
import { usePartnerTyping, useTypingSignal } from './use-typing';
import { useLingui } from '@lingui/react/macro';

function Unavailable() {
  const { t } = useLingui();
  useDocumentTitle(t`Conversation · Steep`);
  return (
    <section className="flex flex-1 flex-col items-center justify-center px-8 text-center">
      <div aria-hidden className="mb-5 grid size-16 place-items-center rounded-3xl bg-plum-50 text-plum-600">
        <MessageCircleOff className="size-8" strokeWidth={1.75} />
      </div>
      <h1 className="font-display text-2xl font-semibold text-plum-900">{t`Conversation not found`}</h1>
      <p className="mt-2 max-w-xs text-sm leading-relaxed text-ink-soft">
        {t`This match may have ended, or the link is wrong.`}
      </p>
      <Link to="/chats" className={buttonClasses('primary', 'md') + ' mt-6'}>
        {t`Back to Messages`}
      </Link>
    </section>
  );
}

/** A load that failed (the match or its messages): nothing says the match ended, so she is offered another try. */
function CouldNotLoad({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-8 text-center text-sm text-ink-soft">
      {t`Messages could not be loaded.`}
      <button type="button" className={buttonClasses('outline', 'md')} onClick={onRetry}>
        {t`Try again`}
      </button>
    </div>
  );
}

/** The whole page when the match itself could not be loaded: titled like the conversation. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  useDocumentTitle(t`Conversation · Steep`);
  return <CouldNotLoad onRetry={onRetry} />;
}

function Loading({ className = 'flex flex-1 items-center justify-center' }: { className?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite" className={cn('text-sm text-ink-soft', className)}>
      {t`Loading conversation…`}
    </div>
  );
}

/** With the network up but the socket down; without a network, OfflineNotice says so instead. */
function LiveUpdatesNotice({ gaveUp, onRetry }: { gaveUp: boolean; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-plum-50 px-4 py-1.5 text-xs text-plum-800">
      {gaveUp ? t`Live updates are off. Messages still send.` : t`Reconnecting…`}
      {gaveUp && (
        <button type="button" onClick={onRetry} className="inline-flex items-center gap-1 font-semibold underline">
          <RotateCw className="size-3" aria-hidden />
          {t`Reconnect`}
        </button>
      )}
    </div>
  );
}

/** Keeps the conversation as loaded on this device for the offline page (lib/offline-conversations.ts). */
function useOfflineCopy(meId: string, match: Match, messages: Message[], loaded: boolean) {
  useEffect(() => {
    if (!loaded) return;
    const copy = toOfflineConversation(meId, match.id, match.otherUser.name, messages, new Date());
    saveOfflineConversation(copy).catch((error: unknown) => {
      // Private browsing or a full disk: the conversation just is not there offline.
      console.warn('Could not keep this conversation for offline reading.', error);
    });
  }, [meId, match.id, match.otherUser.name, messages, loaded]);
}

function Conversation({ match }: { match: Match }) {
  const me = useCurrentUser();
  const matchId = match.id;
  const otherUser = match.otherUser;
  const now = useMinuteClock();
  const realtime = useRealtime();
  const { t } = useLingui();
  useDocumentTitle(`${otherUser.name} · Steep`);

  const [draft] = useState(() => readMessageDraft(me.id, matchId));
  const messagesQuery = useMessages(matchId);
  const messages = useMemo(() => flattenPages(messagesQuery.data), [messagesQuery.data]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Blocked, unmatched or deleted: say so once and leave, instead of a Retry that can never work and
  // a header that would go on showing her presence.
  const leaveGoneConversation = useCallback(() => {
    saveMessageDraft(me.id, matchId, '');
    toast({
      title: t`Conversation no longer available`,
      description: t`You can no longer message this member.`,
    });
    queryClient.setQueryData<Match[]>(queryKeyOf(matchListRoute), (list) => list?.filter((m) => m.id !== matchId));
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
    void navigate('/chats', { replace: true });
  }, [matchId, me.id, navigate, queryClient, t]);
  const { outbox, isSending, send, retry, discard } = useSendMessage(matchId, leaveGoneConversation);
  const media = useSendMedia(matchId, leaveGoneConversation);
  const typingSignal = useTypingSignal(matchId);
  const partnerTyping = usePartnerTyping(matchId, me.id);
  const toggleReaction = useToggleReaction(matchId, me.id);
  useReadReceipts(matchId, messages, me.id);
  useOfflineCopy(me.id, match, messages, messagesQuery.isSuccess);
  // The other member unmatched (or she did, in another tab): this conversation is over.
  useRealtimeEvent('match_ended', (frame) => {
    if (frame.matchId !== matchId) return;
    saveMessageDraft(me.id, matchId, '');
    toast({ title: t`Conversation ended`, description: t`This match has ended.` });
    void navigate('/chats', { replace: true });
  });

  if (messagesQuery.isError && isApiError(messagesQuery.error) && messagesQuery.error.status === 404) {
    return <Unavailable />;
  }

  const isEmpty = messagesQuery.isSuccess && messages.length === 0 && outbox.length === 0;

  return (
    <div className="flex h-dvh flex-col">
      <ConversationHeader
        matchId={matchId}
        friends={match.mode === 'friends'}
        otherUser={otherUser}
        typing={partnerTyping}
        connected={realtime.isConnected}
        connectionError={realtime.error}
        now={now}
      />
      <DatePlanBanner compact />
      <OfflineNotice />
      {realtime.status === 'disconnected' && !realtime.offline && (
        <LiveUpdatesNotice gaveUp={realtime.gaveUp} onRetry={() => realtime.client.retryNow()} />
      )}
      {/* What she sent before the history arrived (offline, say) shows under it, so it can be retried. */}
      {messagesQuery.isPending && outbox.length === 0 ? (
        <Loading />
      ) : messagesQuery.isError ? (
        <CouldNotLoad onRetry={() => void messagesQuery.refetch()} />
      ) : (
        <MessageList
          messages={messages}
          outbox={outbox}
          myId={me.id}
          now={now}
          hasOlder={messagesQuery.hasNextPage}
          loadingOlder={messagesQuery.isFetchingNextPage}
          onLoadOlder={() => void messagesQuery.fetchNextPage()}
          onToggleReaction={(message, emoji) => toggleReaction.mutate({ message, emoji })}
          onRetry={(item) => void (item.media ? media.retry(item.media) : retry(item))}
          onDiscard={discard}
          header={
            messagesQuery.isPending ? (
              <Loading className="pb-3 text-center" />
            ) : isEmpty ? (
              <EmptyConversation matchId={matchId} otherUser={otherUser} />
            ) : undefined
          }
        />
      )}
      <Composer
        initialText={draft}
        mediaSending={media.sending}
        mediaCancelled={media.cancelled}
        onCancelMedia={media.cancel}
        onSendPhoto={media.sendPhoto}
        onSendVoice={media.sendVoice}
        isSending={isSending}
        onTextChange={(text) => {
          typingSignal.onInput(text);
          saveMessageDraft(me.id, matchId, text);
        }}
        onSend={async (content) => {
          typingSignal.stop();
          return send(content);
        }}
      />
    </div>
  );
}

/** /conversation/:matchId (product §2). */
export function ConversationPage() {
  const { matchId = '' } = useParams();
  const match = useMatch(matchId);

  // A refetch that failed (the server's trouble, no network) keeps the match it had: the conversation stays, and
  // only an answer without her match says it is gone.
  if (match.data) return <Conversation key={match.data.id} match={match.data} />;
  if (match.isPending) return <Loading />;
  if (match.isError) return <LoadFailed onRetry={() => void match.refetch()} />;
  return <Unavailable />;
}
