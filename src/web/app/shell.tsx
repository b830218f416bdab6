import { Suspense, type ReactNode } from 'react';
import { lazyPart } from '../lib/lazy-part';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { NavLink, Link, Outlet, useLocation } from 'react-router';
import { Bell, Coffee, Compass, MessageCircle, ShieldHalf, UserRound, type LucideIcon } from 'lucide-react';
import { Avatar } from '../components/avatar';
import { Logo } from '../components/ui/logo';
import { cn } from '../lib/cn';
import { useCurrentUser } from '../lib/session';
import { OfflineNotice } from '../components/offline-notice';
import { NotificationsPanel } from '../features/notifications/notifications-panel';
import { formatBadgeCount, useNotificationCount } from '../features/notifications/notifications-api';
import { useUnreadMessages } from './awareness';
import { usePreferences } from '../lib/preferences';
import { NoticeToasts } from '../features/notifications/notice-toasts';
import { WarningNotices } from '../features/safety/warning-notices';
import { BadgeReveal } from '../components/badges';
import { OwnProfileSheet } from '../components/own-profile-sheet';
import { MAIN_ID, SkipLink, useFocusMainOnArrival } from '../components/skip-link';
import { DatePlanBanner } from '../components/datesafety/date-plan-banner';
import { floatBelow, useFloatFollowsScreen } from '../components/ui/float-top';

// The like/pass/match feedback animations: requested with the first render, not part of the first paint.
const FeedbackOverlay = lazyPart(() =>
  import('../components/feedback-overlay').then((m) => ({ default: m.FeedbackOverlay })),
);

const NAV_ITEMS: ReadonlyArray<{ to: string; label: MessageDescriptor; icon: LucideIcon }> = [
  { to: '/home', label: msg`Discover`, icon: Compass },
  { to: '/tea', label: msg`Tea`, icon: Coffee },
  { to: '/chats', label: msg`Chats`, icon: MessageCircle },
  { to: '/profile', label: msg`Profile`, icon: UserRound },
];

/** The centred phone-width column every screen lives in. */
function MobileFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'relative mx-auto flex min-h-dvh w-full max-w-md flex-col bg-cream-100 sm:shadow-[0_0_0_1px_rgb(58_19_49/0.06),0_30px_60px_-30px_rgb(58_19_49/0.35)]',
        className,
      )}
    >
      {/* First in the frame: the first Tab stop of every signed-in screen. */}
      <SkipLink />
      {children}
      {/* Exactly one MobileFrame is on screen for any signed-in route, so the overlay is mounted once. */}
      <Suspense fallback={null}>
        <FeedbackOverlay />
      </Suspense>
    </div>
  );
}

function NotificationBell() {
  const count = useNotificationCount();
  const badge = formatBadgeCount(count);
  const { t } = useLingui();
  return (
    <NotificationsPanel
      trigger={
        <button
          type="button"
          className="relative grid size-11 place-items-center rounded-full text-plum-800 transition-colors hover:bg-plum-50 active:bg-plum-100"
        >
          {/* Named by its text, so the count shown is part of the name (WCAG 2.5.3): "Notifications 3 unread". */}
          <span className="sr-only">{t`Notifications`}</span>
          <Bell className="size-[1.35rem]" strokeWidth={2} aria-hidden />
          {badge && (
            <span className="absolute top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-plum-600 px-1 text-[0.66rem] leading-none font-bold text-white ring-2 ring-cream-100">
              {badge}
              <span className="sr-only">{t` unread`}</span>
            </span>
          )}
        </button>
      }
    />
  );
}

function AppHeader() {
  const user = useCurrentUser();
  // On Discover the avatar opens a small sheet of her profile (product §2); elsewhere it goes to /profile.
  const onDiscover = useLocation().pathname === '/home';
  const { t } = useLingui();
  return (
    // Toasts start below the header (../components/ui/float-top.ts), never over its bell and avatar (tryout: one
    // covered them when the page was scrolled).
    <header
      ref={floatBelow}
      data-obscures-focus="top"
      className="sticky top-0 z-30 border-b border-cream-200/80 bg-cream-100/85 pt-[env(safe-area-inset-top)] backdrop-blur-md"
    >
      <div className="flex h-16 items-center justify-between px-4">
        <Link to="/home" aria-label={t`Steep home`} className="rounded-xl">
          <Logo />
        </Link>
        <div className="flex items-center gap-1">
          {user.role === 'moderator' && (
            <Link
              to="/moderation"
              aria-label={t`Moderation console`}
              className="grid size-11 place-items-center rounded-full text-plum-800 transition-colors hover:bg-plum-50"
            >
              <ShieldHalf className="size-[1.35rem]" strokeWidth={2} aria-hidden />
            </Link>
          )}
          <NotificationBell />
          {onDiscover ? (
            <OwnProfileSheet />
          ) : (
            <Link to="/profile" aria-label={t`Your profile`} className="grid size-11 place-items-center rounded-full">
              <Avatar name={user.name} photos={user.photos} className="size-9 text-base ring-2 ring-white" />
            </Link>
          )}
        </div>
      </div>
      <OfflineNotice />
    </header>
  );
}

function BottomNav() {
  // The Chats tab shows unread messages (9+ cap), kept live by the socket.
  const unreadCount = useUnreadMessages();
  const unread = formatBadgeCount(unreadCount);
  const { t, i18n } = useLingui();
  return (
    <nav
      aria-label={t`Main`}
      data-obscures-focus="bottom"
      className="fixed inset-x-0 bottom-0 z-30 mx-auto w-full max-w-md border-t border-cream-200/80 bg-cream-50/92 pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <ul className="grid grid-cols-4 px-2">
        {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'group flex min-h-16 flex-col items-center justify-center gap-1 text-[0.7rem] font-semibold tracking-wide transition-colors',
                  isActive ? 'text-plum-800' : 'text-ink-soft hover:text-plum-700',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      'grid h-8 w-14 place-items-center rounded-full transition-colors',
                      isActive ? 'bg-plum-100' : 'group-hover:bg-plum-50',
                    )}
                  >
                    <Icon className="size-[1.3rem]" strokeWidth={isActive ? 2.4 : 2} aria-hidden />
                    {to === '/chats' && unread && (
                      <span
                        data-testid="chats-badge"
                        className="absolute -mt-5 ml-7 grid h-[1.1rem] min-w-[1.1rem] place-items-center rounded-full bg-plum-600 px-1 text-[0.62rem] font-bold text-white"
                      >
                        {unread}
                        <span className="sr-only">
                          {t`${plural(unreadCount, { one: ' unread message', other: ' unread messages' })}`}
                        </span>
                      </span>
                    )}
                  </span>
                  {i18n._(label)}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Header + content + bottom navigation for signed-in screens. */
export function AppShell() {
  const me = useCurrentUser();
  // Her saved theme and units follow her to every device: loading them applies the theme.
  usePreferences(me.id);
  useFocusMainOnArrival();
  useFloatFollowsScreen();
  return (
    <MobileFrame>
      <NoticeToasts />
      <BadgeReveal userId={me.id} />
      <AppHeader />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="flex flex-1 flex-col pb-[calc(4.5rem+env(safe-area-inset-bottom))] outline-none"
      >
        <WarningNotices />
        <DatePlanBanner />
        <Outlet />
      </main>
      <BottomNav />
    </MobileFrame>
  );
}

/** A signed-in screen without the shell chrome (full-screen flows like a conversation). */
export function BareLayout() {
  useFocusMainOnArrival();
  useFloatFollowsScreen();
  return (
    <MobileFrame>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
    </MobileFrame>
  );
}
