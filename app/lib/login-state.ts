/**
 * What a page leading to /login knows about who comes: their address (just activated, or the one a card was
 * printed for) and, for an address without an account, the Register tab. Carried in the history entry's
 * state, never in the URL: the login page's HTML stays the same for everyone (it is cached) and no address
 * lands in a log.
 */
export interface LoginState {
  email?: string;
  tab?: 'register';
}

export function readLoginState(state: unknown): LoginState {
  if (typeof state !== 'object' || state === null) return {};
  const { email, tab } = state as Record<string, unknown>;
  return {
    ...(typeof email === 'string' ? { email } : {}),
    ...(tab === 'register' ? { tab } : {}),
  };
}
