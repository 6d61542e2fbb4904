import Cookies from 'js-cookie';

/** Every cookie the client keeps (seed section 3); the names are a contract with the server. */
export const COOKIE = {
  token: 'x-token',
  site: 'app_site',
  sites: 'app_sites',
  username: 'username',
  language: 'language',
  size: 'size',
  sidebar: 'sidebarStatus',
  notice: 'noticeValue',
} as const;
type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

export function readCookie(name: CookieName): string | undefined {
  return Cookies.get(name);
}

export function writeCookie(name: CookieName, value: string): void {
  Cookies.set(name, value, { path: '/', sameSite: 'lax' });
}

export function removeCookie(name: CookieName): void {
  Cookies.remove(name, { path: '/' });
}

/** JSON cookies (sites, site) degrade to `fallback` when missing or damaged by hand. */
export function readJsonCookie<T>(name: CookieName, fallback: T): T {
  const raw = readCookie(name);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJsonCookie(name: CookieName, value: unknown): void {
  writeCookie(name, JSON.stringify(value));
}

export const getToken = (): string | undefined => readCookie(COOKIE.token);
export const setToken = (token: string): void => writeCookie(COOKIE.token, token);
export const removeToken = (): void => removeCookie(COOKIE.token);
