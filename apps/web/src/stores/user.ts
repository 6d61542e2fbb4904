import {
  type Ad,
  DEFAULT_PUBLIC_SETTINGS,
  type PublicSettings,
  type Role,
  type UserInfoResponse,
} from '@tally/contracts';
import { create } from 'zustand';
import {
  COOKIE,
  getToken,
  readCookie,
  removeCookie,
  removeToken,
  setToken,
  writeCookie,
} from '../lib/cookies';
import { rememberShareSession } from '../lib/share-session';

/** The session state of seed section 3. Token and name mirror their cookies so a reload keeps them. */
export interface UserState {
  token: string;
  name: string;
  avatar: string;
  email: string;
  roles: Role[];
  is_admin: 0 | 1;
  is_client: 0 | 1;
  invite_code: string;
  set: PublicSettings;
  ads: Ad[];
  /** tjDomains arrives as a JSON string; parsed once here. */
  tjDomains: unknown;
  /** Request loading flag of seed section 4: 1 while a request without `loading` is in flight. */
  loading: 0 | 1;
  setSession(token: string, name?: string): void;
  setToken(token: string): void;
  applyInfo(info: UserInfoResponse): void;
  applyPublic(patch: { set?: Partial<PublicSettings>; ads?: Ad[] }): void;
  setLoading(flag: 0 | 1): void;
  markClient(): void;
  clearSession(): void;
}

/** The server's defaults, until the first response carries `data.set`. */
export const DEFAULT_SETTINGS: PublicSettings = DEFAULT_PUBLIC_SETTINGS;

function parseJson(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const signedOut = {
  token: '',
  avatar: '',
  email: '',
  roles: [] as Role[],
  is_admin: 0 as const,
  is_client: 0 as const,
  invite_code: '',
};

export const useUserStore = create<UserState>()((set) => ({
  ...signedOut,
  token: getToken() ?? '',
  name: readCookie(COOKIE.username) ?? '',
  set: DEFAULT_SETTINGS,
  ads: [],
  tjDomains: null,
  loading: 0,
  setSession(token, name) {
    // A new session is an account's until markClient() says it came from a share link.
    rememberShareSession(false);
    setToken(token);
    if (name !== undefined) writeCookie(COOKIE.username, name);
    set(name === undefined ? { token } : { token, name });
  },
  setToken(token) {
    setToken(token);
    set({ token });
  },
  applyInfo(info) {
    const { userInfo } = info;
    set({
      roles: userInfo.roles,
      name: userInfo.name,
      avatar: userInfo.avatar,
      email: userInfo.email ?? '',
      is_admin: userInfo.is_admin,
      is_client: userInfo.roles.includes('client') ? 1 : info.is_client,
      invite_code: info.invite_code,
    });
  },
  applyPublic(patch) {
    set((state) => {
      const merged = patch.set ? { ...state.set, ...patch.set } : state.set;
      return {
        set: merged,
        ads: patch.ads ?? state.ads,
        tjDomains: patch.set?.tjDomains !== undefined ? parseJson(merged.tjDomains) : state.tjDomains,
      };
    });
  },
  setLoading(loading) {
    set({ loading });
  },
  markClient() {
    rememberShareSession(true);
    set({ is_client: 1 });
  },
  clearSession() {
    removeToken();
    removeCookie(COOKIE.username);
    set({ ...signedOut, name: '' });
  },
}));
