import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageCircleHeart, RefreshCw } from 'lucide-react';
import { type Icebreaker } from '../../../contract/chat';
import type { MatchUser } from '../../../contract/matches';
import { apiCall } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Avatar } from '../../components/avatar';
import { Card } from '../../components/ui/card';
import { upsertMessage } from './chat-cache';
import { useIcebreakers } from './queries';
import { sendFailedToast } from './use-send-message';
import { chatApi } from '../../../contract/api';
import { matchListRoute } from '../../lib/matches';
import { queryKeyOf } from '../../lib/query-key';
import { useLingui } from '@lingui/react/macro';
import { interestLabel } from '../../lib/labels/interests';

/** Product §2/9: the empty conversation shows up to 3 of her interests. */
const EMPTY_STATE_INTERESTS = 3;

function StarterCard({ matchId }: { matchId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const starters = useIcebreakers(matchId);

  const use = useMutation({
    mutationFn: (starter: Icebreaker) => apiCall(chatApi.useIcebreaker, { params: { id: starter.id } }),
    onSuccess: (stored) => {
      // The conversation is no longer empty, so the card (and its starters) leaves the screen.
      upsertMessage(queryClient, stored);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
    },
    onError: (error) => {
      console.warn('Starter not sent.', error);
      sendFailedToast(error);
    },
  });

  const refreshing = starters.isFetching;

  return (
    <Card className="w-full p-4 text-left">
      <div className="flex items-center gap-2">
        <span aria-hidden className="grid size-8 place-items-center rounded-xl bg-matcha-100 text-matcha-700">
          <MessageCircleHeart className="size-4" />
        </span>
        <h3 id="starters-title" className="flex-1 font-semibold text-ink">
          {t`Conversation starters`}
        </h3>
        <button
          type="button"
          aria-label={t`New starters`}
          disabled={refreshing || use.isPending}
          onClick={() => void starters.refetch()}
          className="grid size-10 place-items-center rounded-full text-plum-700 transition-colors hover:bg-plum-50 disabled:opacity-50"
        >
          <RefreshCw className={cn('size-4', refreshing && 'animate-spin')} aria-hidden />
        </button>
      </div>
      {starters.isPending ? (
        <ul aria-label={t`Loading starters`} className="mt-3 grid gap-2">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-12 animate-pulse rounded-2xl bg-cream-200/70" />
          ))}
        </ul>
      ) : starters.isError ? (
        <p className="mt-3 text-sm text-ink-soft">
          {t`Starters could not be loaded.`}{' '}
          <button
            type="button"
            className="font-semibold text-plum-700 underline"
            onClick={() => void starters.refetch()}
          >
            {t`Try again`}
          </button>
        </p>
      ) : (
        <ul aria-labelledby="starters-title" className="mt-3 grid gap-2">
          {starters.data.map((starter) => (
            <li key={starter.id}>
              <button
                type="button"
                disabled={use.isPending}
                onClick={() => use.mutate(starter)}
                className="w-full rounded-2xl border border-plum-100 bg-plum-50/60 px-4 py-3 text-left text-[0.92rem] leading-snug text-ink transition-colors hover:border-plum-200 hover:bg-plum-50 active:bg-plum-100 disabled:opacity-60"
              >
                {starter.message}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Product §2 empty conversation: 'You matched with {name}!', up to 3 interests and the starter card. */
export function EmptyConversation({ matchId, otherUser }: { matchId: string; otherUser: MatchUser }) {
  const { t } = useLingui();
  const name = otherUser.name;
  const interests = otherUser.interests.slice(0, EMPTY_STATE_INTERESTS);
  return (
    <section aria-labelledby="matched-title" className="flex flex-col items-center px-2 pt-4 pb-2 text-center">
      <div className="relative">
        <div aria-hidden className="absolute inset-0 scale-125 rounded-full bg-plum-200/50 blur-2xl" />
        <Avatar
          name={otherUser.name}
          photos={otherUser.photos}
          className="relative size-24 text-4xl ring-4 ring-white"
        />
      </div>
      <h2 id="matched-title" className="mt-4 font-display text-2xl font-semibold text-plum-900">
        {t`You matched with ${name}!`}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t`Say hello, or pick a starter to break the ice.`}</p>
      {interests.length > 0 && (
        <ul aria-label={t`${name}'s interests`} className="mt-4 flex flex-wrap justify-center gap-1.5">
          {interests.map((interest) => (
            <li key={interest} className="rounded-full bg-matcha-100 px-3 py-1 text-xs font-semibold text-matcha-700">
              {interestLabel(interest)}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 w-full">
        <StarterCard matchId={matchId} />
      </div>
    </section>
  );
}
