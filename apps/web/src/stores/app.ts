import type { SiteSummary } from '@tally/contracts';
import { create } from 'zustand';
import {
  COOKIE,
  readCookie,
  readJsonCookie,
  removeCookie,
  writeCookie,
  writeJsonCookie,
} from '../lib/cookies';
import { detectLanguage, type Language } from '../lib/language';

export type Device = 'desktop' | 'mobile';
export const SIZES = ['large', 'medium', 'small'] as const;
export type Size = (typeof SIZES)[number];

/** App state of seed section 3; sidebar, language, size and sites survive reloads through cookies. */
export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  language: Language;
  size: Size;
  msgNum: number;
  needFecth: boolean;
  sites: SiteSummary[];
  site: SiteSummary | null;
  /** True while a lazily loaded page is still arriving: menu clicks then warn instead of navigating. */
  pageLoading: boolean;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: Device): void;
  setLanguage(language: Language): void;
  setSize(size: Size): void;
  setSites(sites: SiteSummary[]): void;
  setSite(site: SiteSummary | null): void;
  clearSites(): void;
  setPageLoading(loading: boolean): void;
  /** Unread notifications, from user/info. */
  setMsgNum(count: number): void;
}

function readSize(): Size {
  const raw = readCookie(COOKIE.size);
  return (SIZES as readonly string[]).includes(raw ?? '') ? (raw as Size) : 'medium';
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: readCookie(COOKIE.sidebar) !== '0', withoutAnimation: false },
  device: 'desktop',
  language: detectLanguage(),
  size: readSize(),
  msgNum: 0,
  needFecth: false,
  sites: readJsonCookie<SiteSummary[]>(COOKIE.sites, []),
  site: readJsonCookie<SiteSummary | null>(COOKIE.site, null),
  pageLoading: false,
  toggleSidebar() {
    const opened = !get().sidebar.opened;
    writeCookie(COOKIE.sidebar, opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSidebar(withoutAnimation) {
    writeCookie(COOKIE.sidebar, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  setDevice(device) {
    set({ device });
  },
  setLanguage(language) {
    writeCookie(COOKIE.language, language);
    set({ language });
  },
  setSize(size) {
    writeCookie(COOKIE.size, size);
    set({ size });
  },
  setSites(sites) {
    writeJsonCookie(COOKIE.sites, sites);
    const current = get().site;
    // A selected site that is no longer ours must not stay selected.
    if (current && !sites.some((s) => s.id === current.id)) get().setSite(null);
    set({ sites });
  },
  setSite(site) {
    if (site) writeJsonCookie(COOKIE.site, site);
    else removeCookie(COOKIE.site);
    set({ site });
  },
  clearSites() {
    removeCookie(COOKIE.sites);
    removeCookie(COOKIE.site);
    set({ sites: [], site: null });
  },
  setPageLoading(pageLoading) {
    set({ pageLoading });
  },
  setMsgNum(msgNum) {
    set({ msgNum });
  },
}));
