import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { syncCacheWithFrame } from '../features/chat/chat-cache';
import { MotionFeatures } from '../lib/motion';
import { RealtimeProvider } from '../lib/realtime/realtime-provider';
import { AppAwareness } from './awareness';

/** Every signed-in screen: one socket for all of them, opened after sign-in, never for visitors. */
export function SignedIn() {
  const queryClient = useQueryClient();
  return (
    <RealtimeProvider onFrame={(frame) => syncCacheWithFrame(queryClient, frame)}>
      <MotionFeatures>
        <Outlet />
        <AppAwareness />
      </MotionFeatures>
    </RealtimeProvider>
  );
}
