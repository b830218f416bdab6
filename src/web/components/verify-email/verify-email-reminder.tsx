import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import type { SelfUser } from '../../../contract/users';
import { withMessages } from '../../lib/i18n';

// The card (its words, the resend call and the contract it needs) loads only while her email is unconfirmed:
// most members never download it, and /home's first paint stays inside its budget.
const VerifyEmailCard = lazyPart(
  withMessages('rest', () => import('./verify-email-card').then((m) => ({ default: m.VerifyEmailCard }))),
);

/**
 * Discover's lasting reminder to confirm her email (sign-up's "Check your email" toast is gone in 15 s and on a
 * reload); nothing once it is confirmed or when she gave none. Nothing either while a change of a confirmed
 * email waits for its code (`pendingEmail`): her confirmed address still works for reset links and notices, so
 * there is nothing to nag about; the change was her own step in Settings → Email, which shows it until she
 * confirms or cancels it (and her old address was mailed about it).
 */
export function VerifyEmailReminder({ user }: { user: Pick<SelfUser, 'id' | 'email' | 'emailVerified'> }) {
  if (!user.email || user.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailCard userId={user.id} email={user.email} />
    </Suspense>
  );
}
