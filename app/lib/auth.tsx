import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../common/messages/accounts';
import type { User } from '../../server/modules/profiles/responses';
import { api } from './api';
import { restoreSession, tookLoggedOutNote } from './signed-in';
import { toast } from './toast';

export type { User };

interface AuthState {
  user: User | null;
  /** True until the session restore call has answered. */
  loading: boolean;
}

interface AuthValue extends AuthState {
  /** Reloads the signed-in user (`GET /api/auth/profile/`). */
  refresh(): Promise<User | null>;
  setUser(user: User | null): void;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

/**
 * Who is signed in, restored on start-up by the session cookie (`restoreSession`). Public pages render the
 * same HTML for everyone; the personal parts fill in here, on the client.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, loading: true });
  const navigate = useNavigate();

  const refresh = useCallback(async () => {
    const user = (await restoreSession()) ?? null;
    setState({ user, loading: false });
    return user;
  }, []);

  useEffect(() => {
    void refresh();
    // A light page (no React there) signed out and came here: say so as this page's Logout would have.
    if (tookLoggedOutNote()) toast.success(ACCOUNT_MESSAGES.loggedOut);
  }, [refresh]);

  const value = useMemo<AuthValue>(
    () => ({
      ...state,
      refresh,
      setUser: (user) => setState({ user, loading: false }),
      // Not a `useWrite` write: the provider is above every page, a logout has no busy state, and its
      // failure is no failure (the session is dropped on this side either way, as the light pages' script does).
      async logout() {
        try {
          await api('/auth/logout/', { method: 'POST' });
        } catch {
          // The session is dropped on this side either way.
        }
        setState({ user: null, loading: false });
        toast.success(ACCOUNT_MESSAGES.loggedOut);
        navigate('/login');
      },
    }),
    [state, refresh, navigate],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
