import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { accountApi } from '../../contract/api/account';
import type { LoginBody, RegisterBody } from '../../contract/auth';
import type { SelfUser } from '../../contract/users';
import { apiCall, isApiError } from './api';
import { forgetMessageDrafts } from './message-drafts';
import { STORAGE_KEYS, storage } from './storage';
import { toast, toastFailed } from '../components/ui/toast';
import { i18n } from './i18n';
import { LOGGED_OUT, NOT_LOGGED_OUT } from './session-text';
import { queryKeyOf, routeRef } from './query-key';

interface AuthContextValue {
  /** The signed-in user, or null for a visitor. */
  user: SelfUser | null;
  /** True until the first server check (GET /api/auth/me) has answered. */
  isLoading: boolean;
  login: (body: LoginBody) => Promise<SelfUser>;
  register: (body: RegisterBody) => Promise<SelfUser>;
  /**
   * Ends her session on the server, then here: toasts and goes to '/'. With no answer (offline, a 5xx) she stays
   * signed in and is told why; a 4xx means the session is already gone, so she is signed out here too.
   */
  logout: () => Promise<void>;
  /** Replaces the local user (and its stored copy); null signs out locally. */
  setUser: (user: SelfUser | null) => void;
  /**
   * Re-reads her account from the server. Only the server's answer signs out (no session, or a 401); a check
   * that gets no answer (offline, a 5xx) keeps her signed in as she was and returns that.
   */
  refreshUser: () => Promise<SelfUser | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The session check's answer (her, or null), cached once per page load. */
const sessionRoute = routeRef<typeof accountApi.session>('GET', '/api/auth/session');

/**
 * The stored copy, or null; one that is not even shaped like a user is removed (product §4 Session). Only a
 * hint for the first paint of public screens: private ones wait for the server's answer, which is
 * parsed with the contract schema (loaded with it, so the landing page does not carry zod).
 */
function readStoredUser(): SelfUser | null {
  const raw = storage.get(STORAGE_KEYS.currentUser);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    const shaped = value as Partial<SelfUser> | null;
    if (
      shaped &&
      typeof shaped.id === 'string' &&
      typeof shaped.username === 'string' &&
      typeof shaped.name === 'string'
    ) {
      return value as SelfUser;
    }
  } catch {
    // Fall through: not JSON.
  }
  storage.remove(STORAGE_KEYS.currentUser);
  return null;
}

/**
 * The server's answer: her, or null for a visitor (a 200 either way, so visitors log no error). The
 * declarations (and zod with them) load with the first call, so the landing page does not carry them.
 */
async function fetchSession(): Promise<SelfUser | null> {
  const { accountApi } = await import('../../contract/api/account');
  return (await apiCall(accountApi.session)).user;
}

/**
 * The session check, once per page load whoever asks first: the private routes' loader starts it while
 * their code is still downloading (the splash is showing, AuthProvider has not mounted yet), and
 * AuthProvider's first check and Discover's first page then await the same request. Explicit sign-ins
 * and sign-outs replace or drop the cached answer (setUser).
 */
export function checkSession(queryClient: QueryClient): Promise<SelfUser | null> {
  return queryClient.fetchQuery({ queryKey: queryKeyOf(sessionRoute), queryFn: fetchSession });
}

/**
 * Whether a failed session check means her session has ended. Only a 401 says so; no answer at all (offline,
 * the server restarting, a 5xx from a proxy) says nothing about it, and must not send her to the landing page.
 */
function sessionEnded(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

function writeStoredUser(user: SelfUser | null): void {
  if (user) storage.set(STORAGE_KEYS.currentUser, JSON.stringify(user));
  else storage.remove(STORAGE_KEYS.currentUser);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Restored at once from the stored copy, then confirmed by the server check below.
  const [user, setUserState] = useState<SelfUser | null>(readStoredUser);
  // Who she is as far as this page knows: what a check that gets no answer keeps.
  const known = useRef(user);
  const [isLoading, setIsLoading] = useState(true);
  // Bumped by every explicit sign-in/out, so a slower, older server check cannot overwrite it.
  const sessionVersion = useRef(0);

  const setUser = useCallback(
    (next: SelfUser | null) => {
      sessionVersion.current += 1;
      // Nothing cached for one member may show to whoever is next on this page, however her session ended.
      const leaving = known.current !== null && known.current.id !== next?.id;
      known.current = next;
      if (leaving) queryClient.clear();
      writeStoredUser(next);
      forgetMessageDrafts(next?.id ?? null);
      // Her offline copy of conversations lives only as long as her sign-in on this device.
      void import('./offline-conversations')
        .then(({ forgetOfflineConversations }) => forgetOfflineConversations(next?.id ?? null))
        .catch((error: unknown) => console.warn('Could not clear the offline conversations.', error));
      setUserState(next);
      if (next) queryClient.setQueryData(queryKeyOf(sessionRoute), next);
      else queryClient.removeQueries({ queryKey: queryKeyOf(sessionRoute) });
    },
    [queryClient],
  );

  const refreshUser = useCallback(async () => {
    const startedAt = sessionVersion.current;
    try {
      const me = await fetchSession();
      if (sessionVersion.current === startedAt) setUser(me);
      return me;
    } catch (error) {
      if (!sessionEnded(error)) {
        console.warn('Auth check got no answer; staying signed in.', error);
        return known.current;
      }
      if (sessionVersion.current === startedAt) setUser(null);
      return null;
    }
  }, [setUser]);

  useEffect(() => {
    let cancelled = false;
    const startedAt = sessionVersion.current;
    const stale = () => cancelled || sessionVersion.current !== startedAt;
    checkSession(queryClient)
      .then((me) => {
        if (!stale()) setUser(me);
      })
      .catch((error: unknown) => {
        if (stale()) return;
        // With no answer she stays who the stored copy says (each screen shows its own failure to load); a
        // visitor stays a visitor.
        if (!sessionEnded(error)) {
          console.warn('Auth check got no answer; keeping the stored session.', error);
          return;
        }
        setUser(null);
      })
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient, setUser]);

  const login = useCallback(
    async (body: LoginBody) => {
      const { authApi } = await import('../../contract/api/auth');
      const me = await apiCall(authApi.login, { body });
      setUser(me);
      return me;
    },
    [setUser],
  );

  const register = useCallback(
    async (body: RegisterBody) => {
      const { authApi } = await import('../../contract/api/auth');
      const me = await apiCall(authApi.register, { body });
      setUser(me);
      return me;
    },
    [setUser],
  );

  const logout = useCallback(async () => {
    try {
      const { authApi } = await import('../../contract/api/auth');
      await apiCall(authApi.logout);
    } catch (error) {
      // Without the server's answer her session lives on (its cookie is not the page's to delete): signing out on
      // screen only would leave the phone signed in for whoever picks it up once it is back online (tryout).
      if (!isApiError(error) || error.status >= 500) {
        toastFailed(i18n._(NOT_LOGGED_OUT), error);
        return;
      }
    }
    setUser(null);
    toast({ title: i18n._(LOGGED_OUT) });
    await navigate('/', { replace: true });
  }, [navigate, setUser]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, login, register, logout, setUser, refreshUser }),
    [user, isLoading, login, register, logout, setUser, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within AuthProvider');
  return context;
}

/** For screens that only render for a signed-in user (inside RequireAuth). */
export function useCurrentUser(): SelfUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser must be used on a signed-in route');
  return user;
}
