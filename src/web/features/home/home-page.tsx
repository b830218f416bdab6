import { useEffect } from 'react';
import { Compass } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { useCurrentUser } from '../auth/session';
import { useOnboarding } from '../onboarding/onboarding';

/** Discover. The swipe deck arrives in a later release; the tour starts here the first time. */
export function HomePage() {
  const user = useCurrentUser();
  const { startIfNew } = useOnboarding();

  useEffect(() => {
    startIfNew();
  }, [startIfNew]);

  return (
    <>
      <p className="px-5 pt-6 text-sm text-ink-soft">
        Hi <span className="font-semibold text-plum-800">{user.name}</span>, welcome in.
      </p>
      <ComingSoon
        title="Discover"
        icon={Compass}
        hideHomeLink
        description="Discover is coming… Profile cards of women near you to like, pass or super like will appear here soon."
      />
    </>
  );
}
