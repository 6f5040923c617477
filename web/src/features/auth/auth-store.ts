import type { TAuthResponse, TUser } from '@learnboost/api/contract';
import { create } from 'zustand';
import { ApiError } from '../../lib/api-client';
import { clearToken, readToken, writeToken } from '../../lib/token-storage';
import { getMe } from './api/get-me';
import { logout as logoutRequest } from './api/logout';
import { syncTimeZone } from './api/sync-time-zone';

type AuthStatus = 'restoring' | 'ready';

// Who the saved token belongs to, so a reload with no network still opens the app for them
// (their offline flashcards); the server checks the token again once it can be reached.
const USER_KEY = 'auth_user';
function cachedUser(): TUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as TUser | null;
    return user && typeof user.id === 'string' ? user : null;
  } catch {
    return null;
  }
}
function cacheUser(user: TUser | null): void {
  try {
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  } catch {
    // Only the offline reload needs it.
  }
}

interface AuthState {
  user: TUser | null;
  /** 'restoring' while a saved token is being turned back into a user; screens wait for 'ready'. */
  status: AuthStatus;
  restore: () => Promise<void>;
  signIn: (auth: TAuthResponse) => void;
  signOut: () => Promise<void>;
  /** Forgets the session without telling the server: it already refused the token. */
  dropSession: () => void;
}

export const useAuth = create<AuthState>()((set, get) => ({
  user: null,
  status: readToken() ? 'restoring' : 'ready',

  restore: async () => {
    if (!readToken()) return set({ status: 'ready' });
    try {
      const user = await getMe();
      cacheUser(user);
      set({ user, status: 'ready' });
      void syncTimeZone();
    } catch (error) {
      // No answer at all (offline): the learner the token was given to, as last seen.
      const offline = !(error instanceof ApiError) && readToken() ? cachedUser() : null;
      if (offline) return set({ user: offline, status: 'ready' });
      // A 401 already dropped the token through the api client; any other failure (server down) keeps
      // the token so that the next reload can try again, but nobody is signed in meanwhile.
      console.error('Could not restore the session', error);
      set({ user: null, status: 'ready' });
    }
  },

  signIn: ({ token, ...user }) => {
    writeToken(token);
    cacheUser(user);
    set({ user, status: 'ready' });
    // The learner's days (FSRS, streaks, the week) are counted in the browser's zone.
    void syncTimeZone();
  },

  signOut: async () => {
    const hadSession = get().user !== null || readToken() !== null;
    if (hadSession) {
      // Best effort: the token is forgotten here whatever the server answers.
      await logoutRequest().catch((error: unknown) => console.warn('Logout request failed', error));
    }
    get().dropSession();
  },

  dropSession: () => {
    clearToken();
    cacheUser(null);
    set({ user: null, status: 'ready' });
  },
}));
