import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DiscoveryScope } from '../../../contract/discovery';
import { modesOf, type DiscoveryMode } from '../../../contract/decks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { RecentMatchesStrip } from '../../components/recent-matches-strip';
import { useOnboarding } from '../../lib/onboarding';
import { FriendsLabel } from '../../components/friends-label';
import { VerifyEmailReminder } from '../../components/verify-email/verify-email-reminder';
import { CompletenessCard } from './completeness-card';
import { DeckSwitch } from './deck-switch';
import { useLookingFor } from './discovery-api';
import { readDiscoverChoice, saveDiscoverChoice, type DiscoverChoice } from './discover-choice';
import { GhostBanner } from './ghost-banner';
import { QuickActions } from './quick-actions';
import { ScopeSelector } from './scope-selector';
import { DECK_HEIGHT, SwipeDeck } from './swipe-deck';
import { TravelBanner } from './travel-banner';
import { useLingui } from '@lingui/react/macro';

/**
 * Discover (/home): where to look, the swipe deck, recent matches, the reminder to confirm her email, completeness
 * and quick actions.
 */
export function DiscoverPage() {
  const user = useCurrentUser();
  const { startIfNew } = useOnboarding();
  // Opens where she left it on this device (discover-choice.ts), whatever took her away.
  const [choice, setChoice] = useState(() => readDiscoverChoice(user.id));
  const choose = (next: Partial<DiscoverChoice>) => {
    const chosen = { ...choice, ...next };
    setChoice(chosen);
    saveDiscoverChoice(user.id, chosen);
  };
  const { scope, deck: chosenDeck } = choice;
  const setScope = (value: DiscoveryScope) => choose({ scope: value });
  const setChosenDeck = (value: DiscoveryMode) => choose({ deck: value });
  const { t } = useLingui();
  useDocumentTitle(t`Discover · Steep`);
  // Friends mode: the decks she looks in. Until the setting is read, dating (everyone's default).
  const lookingFor = useLookingFor();
  const decks = modesOf(lookingFor.data?.lookingFor ?? 'dating');
  const deck = decks.includes(chosenDeck) ? chosenDeck : (decks[0] ?? 'dating');

  // The tour starts here the first time someone arrives.
  useEffect(() => startIfNew(), [startIfNew]);

  // Everything above the deck is measured, not assumed: the header (taller with the offline strip), the date-plan
  // banner and the warnings over every screen, and this page's own banners, which wrap onto more lines on a narrow
  // phone, in Spanish or with larger text. The card gives up exactly that height so the swipe buttons stay above the
  // tab bar (a running date plan's banner had pushed them under it: tryout). Measured as where the deck starts on
  // the page, so what moves it down counts whether or not it changed this page's own size.
  const page = useRef<HTMLDivElement>(null);
  const overDeck = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const over = overDeck.current;
    const main = page.current?.parentElement;
    if (!over || !main) return;
    const measure = () => {
      const top = over.getBoundingClientRect().bottom + window.scrollY;
      page.current?.style.setProperty('--deck-top', `${Math.round(top)}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(over);
    observer.observe(main);
    const header = main.parentElement?.querySelector('header');
    if (header) observer.observe(header);
    return () => observer.disconnect();
  }, []);

  return (
    // Below the deck (10.875rem): the gap, the swipe buttons, room for their focus ring, the tab bar. Until measured,
    // where the deck starts without banners (the header, this page's padding and the place selector: 8.5rem).
    <div
      ref={page}
      className="grid gap-4 px-4 pt-3 pb-6 [--deck-chrome:calc(var(--deck-top,8.5rem)+10.875rem+env(safe-area-inset-bottom))]"
    >
      <h1 className="sr-only">{t`Discover`}</h1>
      <div ref={overDeck} className="grid gap-4">
        <GhostBanner />
        <TravelBanner />
        {decks.length > 1 && <DeckSwitch value={deck} onChange={setChosenDeck} />}
        {decks.length === 1 && deck === 'friends' && (
          // Looking only for friends: say so, since the deck looks like the dating one.
          <p className="flex items-center gap-2 text-sm text-ink-soft" data-testid="friends-only-note">
            <FriendsLabel className="text-xs" />
            {t`You're meeting people as friends. Change it in Filters.`}
          </p>
        )}
        <ScopeSelector location={user.location} value={scope} onChange={setScope} />
      </div>
      {lookingFor.isPending ? (
        <div
          role="status"
          aria-label={t`Loading profiles`}
          className={`${DECK_HEIGHT} rounded-[1.75rem] bg-cream-200`}
        />
      ) : (
        <SwipeDeck key={deck} user={user} scope={scope} mode={deck} onShowAllAreas={() => setScope('all')} />
      )}
      <RecentMatchesStrip />
      <VerifyEmailReminder user={user} />
      <CompletenessCard user={user} />
      <QuickActions userId={user.id} isPremium={user.hasActiveSubscription} />
    </div>
  );
}
