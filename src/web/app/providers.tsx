import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, type QueryFunction } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toast';
import { AuthProvider } from '../features/auth/session';
import { RealtimeProvider } from '../features/chat/realtime/realtime-provider';
import { OnboardingProvider } from '../features/onboarding/onboarding';
import { api } from '../lib/api';

/**
 * Spec 7: a default read is a GET on the path built from the query key parts.
 * ['/api/matches', userId] -> GET /api/matches/{userId}.
 */
const defaultQueryFn: QueryFunction = ({ queryKey }) => {
  const path = queryKey
    .filter((part): part is string | number => typeof part === 'string' || typeof part === 'number')
    .map(String)
    .join('/');
  return api.get(path);
};

/** Spec 9: data never stale, no refetch on window focus, no polling, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});

/** Everything the screens rely on. Rendered inside the router so the session can navigate. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RealtimeProvider>
          <OnboardingProvider>
            {children}
            <Toaster />
          </OnboardingProvider>
        </RealtimeProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
