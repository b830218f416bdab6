import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Dialog, OVERLAY_CLASS } from '../../components/ui/dialog';
import {
  AlertCircle,
  BookOpen,
  Coffee,
  Flower2,
  HeartHandshake,
  Palette,
  PartyPopper,
  Settings2,
  SlidersHorizontal,
  UserRound,
  X,
} from 'lucide-react';
import type { Match } from '../../../contract/matches';
import { FriendsLabel } from '../../components/friends-label';
import { Avatar } from '../../components/avatar';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { OnlineDot } from './conversation-header';
import { formatListTime, isNewMatch, presenceText } from './format';
import { useMatches } from '../../lib/matches';
import { readMessageDrafts } from '../../lib/message-drafts';
import { useOutboxes } from '../../lib/outbox';
import type { OutgoingMessage } from './use-send-message';
import { restoreAllFailedSends } from './failed-sends';
import { messageText } from '../../lib/message-text';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { useMatchActions } from './conversation-menu';
import { MatchProfileSheet } from './match-profile-sheet';
import { useLingui } from '@lingui/react/macro';
import { msg, plural, t as tNow } from '@lingui/core/macro';
import { interestLabel } from '../../lib/labels/interests';
import { OPENED_FROM_LIST } from './opened-from-list';

/** Product §9: chat list interests per row. */
const ROW_INTERESTS = 2;

const DATE_IDEAS = [
  { key: 'tea', icon: Coffee, text: msg`Meet for a pot of tea at a cosy café: easy, relaxed and public.` },
  { key: 'garden', icon: Flower2, text: msg`Stroll through a botanical garden or park and swap favourite spots.` },
  { key: 'class', icon: Palette, text: msg`Take a pottery, painting or cooking class and make something together.` },
  { key: 'books', icon: BookOpen, text: msg`Browse a bookshop and pick out a book for each other.` },
] as const;

/** Most recent activity first: the last message, or the match itself for a silent one. */
function byActivity(a: Match, b: Match): number {
  const at = (m: Match) => m.lastMessage?.createdAt ?? m.createdAt;
  return at(b).localeCompare(at(a));
}

function previewOf(match: Match, myId: string): string {
  const last = match.lastMessage;
  const name = match.otherUser.name;
  if (!last) return tNow`Say hello to ${name} 👋`;
  const content = messageText(last, last.viewOnce);
  return last.senderId === myId ? tNow`You: ${content}` : content;
}

function MatchRow({
  match,
  myId,
  draft,
  notSent,
  now,
  onOpenProfile,
}: {
  match: Match;
  myId: string;
  /** What she typed here and has not sent (lib/message-drafts.ts), or undefined. */
  draft: string | undefined;
  /** Her newest send here that failed and waits in the conversation for Retry or Delete, or undefined. */
  notSent: OutgoingMessage | undefined;
  now: number;
  onOpenProfile: () => void;
}) {
  const { t } = useLingui();
  const { otherUser } = match;
  const name = otherUser.name;
  const isNew = isNewMatch(match, now);
  const unread = match.unreadCount ?? 0;
  const interests = otherUser.interests.slice(0, ROW_INTERESTS);
  return (
    <li className="relative">
      <Link
        to={`/conversation/${match.id}`}
        state={OPENED_FROM_LIST}
        className="flex gap-3 px-4 py-3.5 transition-colors hover:bg-plum-50/60 active:bg-plum-50"
      >
        <div className="relative shrink-0 self-start">
          <Avatar name={otherUser.name} photos={otherUser.photos} className="size-14 text-2xl ring-2 ring-white" />
          {otherUser.isOnline && <OnlineDot className="right-0.5 bottom-0.5 size-3.5" />}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <span className="truncate font-semibold text-ink">{otherUser.name}</span>
            {match.mode === 'friends' && <FriendsLabel />}
            {isNew && (
              <span className="shrink-0 rounded-full bg-plum-700 px-2 py-0.5 text-[0.65rem] font-bold tracking-wide text-white uppercase">
                {match.mode === 'friends' ? t`New Friend!` : t`New Match!`}
              </span>
            )}
            {match.lastMessage && (
              <time
                dateTime={match.lastMessage.createdAt}
                className={cn(
                  'ml-auto shrink-0 text-xs tabular-nums',
                  unread > 0 ? 'font-semibold text-plum-700' : 'text-ink-soft',
                )}
              >
                {formatListTime(match.lastMessage.createdAt, now)}
              </time>
            )}
          </div>
          <div className="mt-0.5 flex items-center gap-2">
            {/*
             * Unless a new message is waiting to be read: a send of hers that failed (it waits for Retry in the
             * conversation), else her unsent words, as messaging apps show them.
             */}
            {notSent && unread === 0 ? (
              <p className="flex min-w-0 flex-1 items-center gap-1 text-sm text-ink-soft">
                <AlertCircle className="size-4 shrink-0 text-red-700" aria-hidden />
                <span className="shrink-0 font-semibold text-red-700">{t`Not sent:`}</span>
                <span className="truncate">{notSent.content}</span>
              </p>
            ) : draft && unread === 0 ? (
              <p className="min-w-0 flex-1 truncate text-sm text-ink-soft">
                <span className="font-semibold text-plum-700">{t`Draft:`}</span> {draft}
              </p>
            ) : (
              <p
                className={cn(
                  'min-w-0 flex-1 truncate text-sm',
                  unread > 0 ? 'font-semibold text-ink' : match.lastMessage ? 'text-ink-soft' : 'text-plum-700 italic',
                )}
              >
                {previewOf(match, myId)}
              </p>
            )}
            {unread > 0 && (
              <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-plum-600 px-1.5 text-[0.68rem] font-bold text-white tabular-nums">
                {unread > 99 ? '99+' : unread}
                <span className="sr-only"> {t`unread`}</span>
              </span>
            )}
          </div>
          {/*
           * One line: her presence, then the interests that fit whole. One that does not fit wraps onto a second
           * line the fixed height hides, instead of shrinking to a letter beside a longer presence (Spanish).
           */}
          <div className="mt-1.5 flex h-5 min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 overflow-hidden">
            <span
              className={cn(
                'max-w-full truncate text-xs leading-5',
                otherUser.isOnline ? 'font-medium text-matcha-700' : 'text-ink-soft',
              )}
            >
              {presenceText(otherUser, now)}
            </span>
            {interests.map((interest) => (
              <span
                key={interest}
                className="max-w-full truncate rounded-full bg-matcha-100 px-2 py-0.5 text-[0.68rem] leading-4 font-semibold text-matcha-700"
              >
                {interestLabel(interest)}
              </span>
            ))}
          </div>
        </div>
      </Link>
      {/* Over her photo: the photo opens her profile, the rest of the row the conversation. */}
      <button
        type="button"
        aria-label={t`View ${name}'s profile`}
        onClick={onOpenProfile}
        className="absolute top-3.5 left-4 size-14 rounded-full"
      />
    </li>
  );
}

function RowSkeleton() {
  return (
    <li className="flex gap-3 px-4 py-3.5">
      <span className="size-14 shrink-0 animate-pulse rounded-full bg-cream-200" />
      <span className="grid flex-1 content-center gap-2">
        <span className="h-4 w-2/5 animate-pulse rounded-full bg-cream-200" />
        <span className="h-3 w-4/5 animate-pulse rounded-full bg-cream-200" />
      </span>
    </li>
  );
}

function NoMatches() {
  const { t } = useLingui();
  return (
    <Card className="flex flex-col items-center px-6 py-10 text-center">
      <div aria-hidden className="mb-4 grid size-16 place-items-center rounded-3xl bg-plum-50 text-plum-600">
        <HeartHandshake className="size-8" strokeWidth={1.75} />
      </div>
      <h2 className="font-display text-xl font-semibold text-plum-900">{t`No matches yet`}</h2>
      <p className="mt-2 max-w-[16rem] text-sm leading-relaxed text-ink-soft">
        {t`When someone you like likes you back, your conversation starts here.`}
      </p>
      <Link to="/home" className={buttonClasses('primary', 'md') + ' mt-6'}>
        {t`Start Discovering!`}
      </Link>
    </Card>
  );
}

function DateIdeasCard() {
  const { t, i18n } = useLingui();
  return (
    <Card role="region" aria-labelledby="date-ideas-title" className="bg-gradient-to-br from-white to-matcha-50">
      <h2 id="date-ideas-title" className="font-display text-lg font-semibold text-plum-900">
        {t`Ideas for meeting up`}
      </h2>
      <p className="text-sm text-ink-soft">
        {t`Ready to meet? A few easy first meet-ups, for a date or a new friend.`}
      </p>
      <ul className="mt-4 grid gap-3">
        {DATE_IDEAS.map(({ key, icon: Icon, text }) => (
          <li key={key} className="flex items-start gap-3 text-sm leading-snug text-ink">
            <span
              aria-hidden
              className="grid size-8 shrink-0 place-items-center rounded-xl bg-matcha-100 text-matcha-700"
            >
              <Icon className="size-4" />
            </span>
            <span className="pt-1.5">{i18n._(text)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Product §2: the chat list's profile sheet (Edit Profile, Preferences, Close). */
function ProfileSheet() {
  const user = useCurrentUser();
  const { t } = useLingui();
  return (
    <Dialog.Root>
      <Dialog.Trigger
        aria-label={t`Profile options`}
        className="grid size-11 place-items-center rounded-full text-plum-800 transition-colors hover:bg-plum-50"
      >
        <Settings2 className="size-5" aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY_CLASS} />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto w-full max-w-md rounded-t-[1.75rem] bg-cream-50 px-5 pt-3 pb-[calc(1.25rem+env(safe-area-inset-bottom))] shadow-float data-[state=open]:animate-sheet-up focus:outline-none">
          <span aria-hidden className="mx-auto mb-4 block h-1.5 w-10 rounded-full bg-cream-300" />
          <div className="flex items-center gap-3">
            <Avatar name={user.name} photos={user.photos} className="size-12 text-lg ring-2 ring-white" />
            <div className="min-w-0">
              <Dialog.Title className="truncate font-display text-lg font-semibold text-plum-900">
                {user.name}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-ink-soft">
                {t`Your profile and preferences`}
              </Dialog.Description>
            </div>
          </div>
          <div className="mt-5 grid gap-2">
            <Dialog.Close asChild>
              <Link to="/profile" className={buttonClasses('outline', 'md', true)}>
                <UserRound className="size-4" aria-hidden />
                {t`Edit Profile`}
              </Link>
            </Dialog.Close>
            <Dialog.Close asChild>
              <Link to="/preferences" className={buttonClasses('outline', 'md', true)}>
                <SlidersHorizontal className="size-4" aria-hidden />
                {t`Preferences`}
              </Link>
            </Dialog.Close>
            <Dialog.Close asChild>
              <Button variant="ghost" block>
                {t`Close`}
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Close
            aria-label={t`Close`}
            className="absolute top-3 right-3 grid size-10 place-items-center rounded-full text-ink-soft hover:bg-plum-50"
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** /chats, titled Messages (product §2). */
export function ChatsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Messages · Steep`);
  const me = useCurrentUser();
  const now = useMinuteClock();
  const matches = useMatches();
  const list = useMemo(() => [...(matches.data ?? [])].sort(byActivity), [matches.data]);
  // Read once as the list opens: drafts change only inside a conversation.
  const [drafts] = useState(() => readMessageDrafts(me.id));
  const outboxes = useOutboxes<OutgoingMessage>(me.id);
  // A send that failed before a reload is marked on its conversation again.
  useEffect(() => {
    restoreAllFailedSends(me.id);
  }, [me.id]);
  const hasNew = list.some((m) => isNewMatch(m, now));
  // Kept after the sheet closes: a Report, Unmatch or Block confirmation started from it is about her.
  const [profileOf, setProfileOf] = useState<Match | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const actions = useMatchActions(profileOf && { matchId: profileOf.id, otherUser: profileOf.otherUser });

  return (
    <div className="grid gap-4 px-4 pt-5 pb-8">
      <div className="flex items-center justify-between gap-2 px-1">
        <div>
          <h1 className="font-display text-3xl font-semibold text-plum-900">{t`Messages`}</h1>
          {matches.isSuccess && list.length > 0 && (
            <p className="text-sm text-ink-soft">{t`${plural(list.length, { one: '# match', other: '# matches' })}`}</p>
          )}
        </div>
        <ProfileSheet />
      </div>

      {hasNew && (
        <p
          role="status"
          className="flex items-center gap-3 rounded-2xl bg-gradient-to-r from-plum-700 to-plum-500 px-4 py-3 text-sm leading-snug font-medium text-white shadow-[0_10px_24px_-14px_rgb(107_36_88/0.9)]"
        >
          <PartyPopper className="size-5 shrink-0" aria-hidden />
          {t`You have new matches! Tap any profile to start chatting.`}
        </p>
      )}

      {matches.isPending ? (
        <ul
          aria-label={t`Loading matches`}
          className="divide-y divide-cream-200 overflow-hidden rounded-(--radius-card) border border-plum-100/70 bg-white shadow-card"
        >
          <RowSkeleton />
          <RowSkeleton />
          <RowSkeleton />
        </ul>
      ) : matches.isError ? (
        <Card className="grid justify-items-center gap-3 text-center text-sm text-ink-soft">
          {t`Your matches could not be loaded.`}
          <Button variant="outline" onClick={() => void matches.refetch()}>
            {t`Try again`}
          </Button>
        </Card>
      ) : list.length === 0 ? (
        <NoMatches />
      ) : (
        <ul
          aria-label={t`Your matches`}
          className="divide-y divide-cream-200 overflow-hidden rounded-(--radius-card) border border-plum-100/70 bg-white shadow-card"
        >
          {list.map((match) => (
            <MatchRow
              key={match.id}
              match={match}
              myId={me.id}
              draft={drafts[match.id]}
              notSent={outboxes.get(match.id)?.findLast((item) => item.status === 'failed')}
              now={now}
              onOpenProfile={() => {
                setProfileOf(match);
                setProfileOpen(true);
              }}
            />
          ))}
        </ul>
      )}

      <DateIdeasCard />
      {profileOf && (
        <MatchProfileSheet
          matchId={profileOf.id}
          otherUser={profileOf.otherUser}
          open={profileOpen}
          onOpenChange={setProfileOpen}
          onAction={actions.ask}
          withMessage
        />
      )}
      {actions.dialog}
    </div>
  );
}
