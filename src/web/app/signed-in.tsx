import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { syncCacheWithFrame } from '../features/chat/chat-cache';
import { MotionFeatures } from '../lib/motion';
import { forgetOutbox } from '../lib/outbox';
import { RealtimeProvider } from '../lib/realtime/realtime-provider';
import { AppAwareness } from './awareness';
import { OnboardingProvider } from './onboarding-provider';

/**
 * Every signed-in screen: one socket for all of them, opened after sign-in, never for visitors, and the
 * onboarding tour's provider (kept off the landing page's first paint: scripts/check-bundle-size.ts).
 */
export function SignedIn() {
  const queryClient = useQueryClient();
  // Her unsent messages and photos are hers alone: they go when her signed-in screens do.
  useEffect(() => () => forgetOutbox(), []);
  return (
    <RealtimeProvider onFrame={(frame) => syncCacheWithFrame(queryClient, frame)}>
      <OnboardingProvider>
        <MotionFeatures>
          <Outlet />
          <AppAwareness />
        </MotionFeatures>
      </OnboardingProvider>
    </RealtimeProvider>
  );
}
