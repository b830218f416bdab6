import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronRight, HeartHandshake, Info, MessageCircle } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { Match } from '../../contract/matches';
import { Card } from './ui/card';
import { Avatar } from './avatar';
import { useMatches } from '../lib/matches';
import { LazyProfileDetailSheet } from './lazy-on-open';
import { buttonClasses } from './ui/button';

/** Product §9: the first 4 matches. */
const RECENT_MATCHES_SHOWN = 4;

/**
 * Discover's Recent Matches: tap one to open the conversation, her info button for her full profile,
 * View All for the chat list.
 */
export function RecentMatchesStrip() {
  const { data, isPending, isError } = useMatches();
  const recent = data?.slice(0, RECENT_MATCHES_SHOWN) ?? [];
  const [profileOf, setProfileOf] = useState<Match | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const { t } = useLingui();

  return (
    <section aria-labelledby="recent-matches-title">
      <Card className="grid gap-3">
        <div className="flex items-center justify-between">
          <h2 id="recent-matches-title" className="font-semibold text-ink">
            {t`Recent Matches`}
          </h2>
          <Link
            to="/chats"
            className="-mr-2 inline-flex min-h-11 items-center gap-0.5 rounded-full px-3 text-sm font-semibold text-plum-700 hover:bg-plum-50"
          >
            {t`View All`}
            <ChevronRight className="size-4" aria-hidden />
          </Link>
        </div>
        {isPending ? (
          <ul aria-hidden className="flex gap-4">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="grid justify-items-center gap-1.5">
                <span className="size-16 animate-pulse rounded-full bg-cream-200" />
                <span className="h-3 w-12 animate-pulse rounded-full bg-cream-200" />
              </li>
            ))}
          </ul>
        ) : isError ? (
          <p className="text-sm text-ink-soft">{t`Couldn't load your matches right now.`}</p>
        ) : recent.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-ink-soft">
            <HeartHandshake className="size-4 shrink-0 text-plum-400" aria-hidden />
            {t`No matches yet. When you and someone like each other, your match will appear here.`}
          </p>
        ) : (
          <ul className="grid grid-cols-4 gap-2" data-testid="recent-matches">
            {recent.map((match) => (
              <li key={match.id} className="relative">
                <Link
                  to={`/conversation/${match.id}`}
                  aria-label={t`Chat with ${match.otherUser.name}`}
                  className="grid justify-items-center gap-1.5 rounded-2xl p-1 text-center hover:bg-plum-50"
                >
                  <span className="relative">
                    <Avatar
                      name={match.otherUser.name}
                      photos={match.otherUser.photos}
                      className="size-16 text-2xl ring-2 ring-plum-200 ring-offset-2"
                    />
                    {match.otherUser.isOnline && (
                      <span className="absolute right-0.5 bottom-0.5 size-3.5 rounded-full bg-matcha-500 ring-2 ring-white">
                        <span className="sr-only">{t`Online`}</span>
                      </span>
                    )}
                  </span>
                  <span className="w-full truncate text-xs font-semibold text-ink">{match.otherUser.name}</span>
                </Link>
                {/* Small to the eye, 44 px to the finger (the ::before), clear of the link's middle. */}
                <button
                  type="button"
                  aria-label={t`View ${match.otherUser.name}'s profile`}
                  onClick={() => {
                    setProfileOf(match);
                    setProfileOpen(true);
                  }}
                  className="absolute -top-1 right-0 grid size-7 place-items-center rounded-full bg-white text-plum-700 shadow-card ring-1 ring-plum-100 before:absolute before:-inset-2 hover:bg-plum-50"
                >
                  <Info className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {profileOf && (
        <LazyProfileDetailSheet
          person={profileOf.otherUser}
          open={profileOpen}
          onOpenChange={setProfileOpen}
          actions={
            <Link to={`/conversation/${profileOf.id}`} className={buttonClasses('primary', 'md', true)}>
              <MessageCircle className="size-4" aria-hidden />
              {t`Message ${profileOf.otherUser.name}`}
            </Link>
          }
        />
      )}
    </section>
  );
}
