import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { FeedbackProvider } from '../lib/feedback';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { type Size, useAppStore } from '../stores/app';
import { usePageStyleStore } from '../stores/page-style';

const ANTD_SIZE: Record<Size, 'large' | 'middle' | 'small'> = {
  large: 'large',
  medium: 'middle',
  small: 'small',
};

/**
 * antd's theme, locale, size and motion (off when the system asks for reduced motion), around the
 * layout and every page built with antd. Its own chunk: the signed-out pages render without antd and
 * never download it (bench/web-bundle.mjs).
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const colorPrimary = usePageStyleStore((s) => s.theme);
  const motion = !usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={language === 'zh' ? zhCN : enUS}
      componentSize={ANTD_SIZE[size]}
      theme={{ token: { colorPrimary, colorLink: colorPrimary, motion } }}
    >
      <FeedbackProvider>{children}</FeedbackProvider>
    </ConfigProvider>
  );
}
