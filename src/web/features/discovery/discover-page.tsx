import { useEffect, useState } from 'react';
import type { DiscoveryScope } from '../../../contract/discovery';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { RecentMatchesStrip } from '../../components/recent-matches-strip';
import { useOnboarding } from '../../lib/onboarding';
import { CompletenessCard } from './completeness-card';
import { INITIAL_DISCOVERY_SCOPE } from './discovery-api';
import { GhostBanner } from './ghost-banner';
import { QuickActions } from './quick-actions';
import { ScopeSelector } from './scope-selector';
import { SwipeDeck } from './swipe-deck';

/** Discover (/home): where to look, the swipe deck, recent matches, completeness and quick actions. */
export function DiscoverPage() {
  const user = useCurrentUser();
  const { startIfNew } = useOnboarding();
  const [scope, setScope] = useState<DiscoveryScope>(INITIAL_DISCOVERY_SCOPE);
  useDocumentTitle('Discover · Steep');

  // The tour starts here the first time someone arrives.
  useEffect(() => startIfNew(), [startIfNew]);

  return (
    <div className="grid gap-4 px-4 pt-3 pb-6">
      <h1 className="sr-only">Discover</h1>
      <GhostBanner />
      <ScopeSelector location={user.location} value={scope} onChange={setScope} />
      <SwipeDeck user={user} scope={scope} onShowAllAreas={() => setScope('all')} />
      <RecentMatchesStrip />
      <CompletenessCard user={user} />
      <QuickActions userId={user.id} isPremium={user.hasActiveSubscription} />
    </div>
  );
}
