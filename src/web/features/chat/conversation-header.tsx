import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, BadgeCheck, Wifi, WifiOff } from 'lucide-react';
import type { MatchUser } from '../../../contract/matches';
import { Avatar } from '../../components/avatar';
import { FriendsLabel } from '../../components/friends-label';
import { cn } from '../../lib/cn';
import { ConversationMenu, useMatchActions } from './conversation-menu';
import { MatchProfileSheet } from './match-profile-sheet';
import { presenceText } from './format';
import { wasOpenedFromList } from './opened-from-list';
import { useLingui } from '@lingui/react/macro';

export function OnlineDot({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn('absolute rounded-full bg-matcha-500 ring-2 ring-white', className ?? 'right-0 bottom-0 size-3')}
    />
  );
}

/**
 * Product §2 conversation header: back, photo, name, presence or 'typing...', connection icon, menu. Her
 * photo or name opens her full profile, with the menu's Report, Unmatch and Block.
 */
export function ConversationHeader({
  matchId,
  friends = false,
  otherUser,
  typing,
  connected,
  connectionError,
  now,
}: {
  matchId: string;
  /** A Friends-mode match: the "Friends" label beside her name. */
  friends?: boolean;
  otherUser: MatchUser;
  typing: boolean;
  connected: boolean;
  connectionError: string | null;
  now: number;
}) {
  const { t } = useLingui();
  const actions = useMatchActions({ matchId, otherUser });
  const [profileOpen, setProfileOpen] = useState(false);
  const openProfile = () => setProfileOpen(true);
  const navigate = useNavigate();
  const openedFromList = wasOpenedFromList(useLocation().state);
  // Without a live connection her presence is not known: "Online now" from before it dropped could be stale.
  const online = connected && otherUser.isOnline;
  const presence = online || !otherUser.isOnline ? presenceText(otherUser, now) : '';
  return (
    <header
      data-obscures-focus="top"
      className="sticky top-0 z-30 border-b border-cream-200/80 bg-cream-100/90 pt-[env(safe-area-inset-top)] backdrop-blur-md"
    >
      <div className="flex h-16 items-center gap-1 pr-1 pl-1">
        {/* Opened from somewhere else (Discover, a notification): the list takes the conversation's place, so Back
            from the list goes where she was before it. */}
        <Link
          to="/chats"
          replace
          onClick={(event) => {
            if (!openedFromList) return;
            event.preventDefault();
            void navigate(-1);
          }}
          aria-label={t`Back to messages`}
          className="grid size-11 shrink-0 place-items-center rounded-full text-plum-800 transition-colors hover:bg-plum-50"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        {/* The name below is the accessible way in; the photo is a second, pointer-only target. */}
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          onClick={openProfile}
          className="relative shrink-0 rounded-full"
        >
          <Avatar name={otherUser.name} photos={otherUser.photos} className="size-10 text-lg ring-2 ring-white" />
          {online && <OnlineDot />}
        </button>
        <div className="ml-2 min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-1.5">
            <h1 className="min-w-0 font-display text-lg leading-tight font-semibold text-plum-900">
              <button
                type="button"
                onClick={openProfile}
                title={t`View profile`}
                className="block max-w-full truncate rounded-lg text-left hover:text-plum-700"
              >
                {otherUser.name}
              </button>
            </h1>
            {otherUser.isVerified && (
              <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-sky-100 px-1.5 py-0.5 text-[0.7rem] font-semibold text-sky-800">
                <BadgeCheck className="size-3" aria-hidden />
                {t`Verified User`}
              </span>
            )}
            {friends && <FriendsLabel />}
          </div>
          <p aria-live="polite" className="truncate text-xs leading-snug">
            {typing ? (
              <span className="font-semibold text-plum-600">{t`typing...`}</span>
            ) : (
              <span className={online ? 'font-medium text-matcha-700' : 'text-ink-soft'}>{presence}</span>
            )}
          </p>
        </div>
        <span
          role="img"
          aria-label={connected ? t`Connected` : t`Disconnected`}
          title={connected ? t`Live` : (connectionError ?? t`Reconnecting…`)}
          className={cn(
            'grid size-9 shrink-0 place-items-center rounded-full',
            connected ? 'text-matcha-600' : 'text-red-600',
          )}
        >
          {connected ? (
            <Wifi className="size-[1.1rem]" aria-hidden />
          ) : (
            <WifiOff className="size-[1.1rem]" aria-hidden />
          )}
        </span>
        <ConversationMenu onSelect={actions.ask} />
      </div>
      <MatchProfileSheet
        matchId={matchId}
        otherUser={otherUser}
        open={profileOpen}
        onOpenChange={setProfileOpen}
        onAction={actions.ask}
      />
      {actions.dialog}
    </header>
  );
}
