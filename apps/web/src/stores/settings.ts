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

export interface SettingsValues {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
}

interface SettingsState extends SettingsValues {
  change<K extends keyof SettingsValues>(key: K, value: SettingsValues[K]): void;
}

export const DEFAULT_SETTINGS_VALUES: SettingsValues = {
  theme: DEFAULT_THEME,
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
};

/** Settings drawer values, kept in localStorage so they outlive the session. */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS_VALUES,
      change(key, value) {
        set({ [key]: value } as Partial<SettingsValues>);
      },
    }),
    { name: 'tally-settings', storage: createJSONStorage(() => localStorage) },
  ),
);
