import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const DEFAULT_THEME = '#409EFF';
export const THEME_PRESETS = [
  DEFAULT_THEME,
  '#0062ff',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#f5222d',
  '#722ed1',
];

export interface PageStyleValues {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
  /** antd's dark algorithm over the whole app, charts and the China map included (issue 29). */
  dark: boolean;
}

interface PageStyleState extends PageStyleValues {
  change<K extends keyof PageStyleValues>(key: K, value: PageStyleValues[K]): void;
}

export const DEFAULT_PAGE_STYLE: PageStyleValues = {
  theme: DEFAULT_THEME,
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
  dark: false,
};

/**
 * Page-style preferences of this browser (the layout drawer 系统布局配置: theme colour, tags bar,
 * fixed header, sidebar logo, pinyin menu search, dark mode), kept in localStorage so they outlive the
 * session. Not the system settings of /admin/setting, which live on the server. The storage key
 * keeps its old name so saved preferences survive the rename.
 */
export const usePageStyleStore = create<PageStyleState>()(
  persist(
    (set) => ({
      ...DEFAULT_PAGE_STYLE,
      change(key, value) {
        set({ [key]: value } as Partial<PageStyleValues>);
      },
    }),
    { name: 'tally-settings', storage: createJSONStorage(() => localStorage) },
  ),
);
