import type { ThemeConfig } from 'antd';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo } from 'react';
import { watchTableScrollRegions } from '../components/resource-table/scroll-regions';
import { FeedbackProvider } from '../lib/feedback';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { tagTextShades, themeShades } from '../lib/theme-shades';
import { type Size, useAppStore } from '../stores/app';
import { usePageStyleStore } from '../stores/page-style';

const ANTD_SIZE: Record<Size, 'large' | 'middle' | 'small'> = {
  large: 'large',
  medium: 'middle',
  small: 'small',
};

/**
 * antd's tokens for the chosen colour: antd draws its primary colour as text (links, the selected
 * menu item, the current page) and as the fill under white text (primary buttons), so it gets the AA
 * shade; the chosen colour itself (#409EFF by default) stays on the shell's accents. Dark mode is
 * antd's dark algorithm, where the shade is lighter and the text on fills dark.
 */
function antdTheme(colour: string, dark: boolean, motion: boolean): ThemeConfig {
  const shades = themeShades(colour, dark);
  const config: ThemeConfig = {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: shades.seed,
      colorLink: shades.seed,
      colorInfo: shades.seed,
      colorPrimaryBg: shades.primaryBg,
      // antd's default secondary grey (#00000073, 3.9:1 on white) is below AA for text.
      // So are placeholders (#bfbfbf, 1.8:1) and the error red as text (#ff4d4f, 3.3:1).
      ...(dark
        ? { colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)' }
        : {
            colorTextDescription: 'rgba(0, 0, 0, 0.65)',
            colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
            colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
            colorError: '#cf1322',
          }),
      motion,
    },
    components: {
      Button: { primaryColor: shades.onPrimary },
      Radio: { buttonSolidCheckedColor: shades.onPrimary },
      // The sidebar is antd's dark menu in both modes; its selected item is a primary fill.
      Menu: { darkItemSelectedColor: shades.onPrimary },
    },
  };
  // Coloured tags (green 新访客, orange, the warning tag…) write antd's mid shades on their own tint,
  // below AA: their texts are darkened (lightened in dark mode) from the theme's real tokens.
  const tag = tagTextShades(theme.getDesignToken(config) as unknown as Record<string, unknown>, dark);
  return { ...config, components: { ...config.components, Tag: tag } };
}

/**
 * antd's theme, locale, size and motion (off when the system asks for reduced motion), around the
 * layout and every page built with antd. Its own chunk: the signed-out pages render without antd and
 * never download it (bench/web-bundle.mjs).
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const colour = usePageStyleStore((s) => s.theme);
  const dark = usePageStyleStore((s) => s.dark);
  const motion = !usePrefersReducedMotion();
  // The date pickers' month and weekday names come from dayjs's global locale, not from antd's: set
  // here, before the pages render (without it 中文's calendars read "Su Mo Tu" and "Nov").
  dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
  const themeConfig = useMemo(() => antdTheme(colour, dark, motion), [colour, dark, motion]);
  // Every antd table of the app, whoever renders it: a table wider than its box is a Tab stop.
  useEffect(() => watchTableScrollRegions(document.body), []);
  return (
    <ConfigProvider
      locale={language === 'zh' ? zhCN : enUS}
      componentSize={ANTD_SIZE[size]}
      theme={themeConfig}
    >
      <FeedbackProvider>{children}</FeedbackProvider>
    </ConfigProvider>
  );
}
