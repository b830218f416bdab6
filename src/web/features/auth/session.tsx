import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginBody, RegisterBody } from '../../../contract/auth';
import { selfUser, type SelfUser } from '../../../contract/users';
import { api } from '../../lib/api';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { toast } from '../../components/ui/toast';

export interface AuthContextValue {
  /** The signed-in user, or null for a visitor. */
  user: SelfUser | null;
  /** True until the first server check (GET /api/auth/me) has answered. */
  isLoading: boolean;
  login: (body: LoginBody) => Promise<SelfUser>;
  register: (body: RegisterBody) => Promise<SelfUser>;
  /** Signs out locally even if the request fails, toasts and goes to '/'. */
  logout: () => Promise<void>;
  /** Replaces the local user (and its stored copy); null signs out locally. */
  setUser: (user: SelfUser | null) => void;
  /** Re-reads GET /api/auth/me; a failure signs out. */
  refreshUser: () => Promise<SelfUser | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

/** The stored copy, or null. An unparsable copy is removed (spec 4 Session). */
function readStoredUser(): SelfUser | null {
  const raw = storage.get(STORAGE_KEYS.currentUser);
  if (raw === null) return null;
  try {
    const parsed = selfUser.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Fall through: not JSON.
  }
  storage.remove(STORAGE_KEYS.currentUser);
  return null;
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
  const [isLoading, setIsLoading] = useState(true);
  // Bumped by every explicit sign-in/out, so a slower, older server check cannot overwrite it.
  const sessionVersion = useRef(0);

  const setUser = useCallback(
    (next: SelfUser | null) => {
      sessionVersion.current += 1;
      writeStoredUser(next);
      setUserState(next);
      if (next) queryClient.setQueryData(ME_QUERY_KEY, next);
      else queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
    },
    [queryClient],
  );

  const refreshUser = useCallback(async () => {
    const startedAt = sessionVersion.current;
    try {
      const me = await api.get('/api/auth/me', selfUser);
      if (sessionVersion.current === startedAt) setUser(me);
      return me;
    } catch (error) {
      console.warn('Auth check failed; signing out locally.', error);
      if (sessionVersion.current === startedAt) setUser(null);
      return null;
    }
  }, [setUser]);

  useEffect(() => {
    let cancelled = false;
    const startedAt = sessionVersion.current;
    const stale = () => cancelled || sessionVersion.current !== startedAt;
    api
      .get('/api/auth/me', selfUser)
      .then((me) => {
        if (!stale()) setUser(me);
      })
      .catch((error: unknown) => {
        if (stale()) return;
        console.warn('Auth check failed; signing out locally.', error);
        setUser(null);
      })
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [setUser]);

  const login = useCallback(
    async (body: LoginBody) => {
      const me = await api.post('/api/auth/login', body, selfUser);
      setUser(me);
      return me;
    },
    [setUser],
  );

  const register = useCallback(
    async (body: RegisterBody) => {
      const me = await api.post('/api/auth/register', body, selfUser);
      setUser(me);
      return me;
    },
    [setUser],
  );

  const logout = useCallback(async () => {
    try {
      await api.post('/api/auth/logout');
    } catch (error) {
      console.warn('Logout request failed; signing out locally anyway.', error);
    }
    setUser(null);
    // Nothing cached for this user may leak into the next session.
    queryClient.clear();
    toast({ title: 'Logged out successfully' });
    await navigate('/', { replace: true });
  }, [navigate, queryClient, setUser]);

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
