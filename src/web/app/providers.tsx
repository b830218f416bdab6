import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toast';
import { UpdatePrompt } from '../components/update-prompt';
import { AuthProvider } from '../lib/session';

/** Product §9: data never stale, no refetch on window focus, no polling, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
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

/**
 * Everything the screens rely on, the landing page included. Rendered inside the router so the session can
 * navigate. What only signed-in screens use (the onboarding tour, the socket) is in ./signed-in.tsx.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Toaster />
        <UpdatePrompt />
      </AuthProvider>
    </QueryClientProvider>
  );
}
