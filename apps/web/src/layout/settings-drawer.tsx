import { ColorPicker, Drawer, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app';
import { THEME_PRESETS, usePageStyleStore } from '../stores/page-style';

type Toggle = 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'supportPinyinSearch' | 'dark';

const TOGGLES: { key: Toggle; label: string; chineseOnly?: boolean }[] = [
  { key: 'tagsView', label: 'settings.tagsView' },
  { key: 'fixedHeader', label: 'settings.fixedHeader' },
  { key: 'sidebarLogo', label: 'settings.sidebarLogo' },
  { key: 'supportPinyinSearch', label: 'settings.pinyinSearch', chineseOnly: true },
  { key: 'dark', label: 'settings.darkMode' },
];

/** Theme colour recolours through antd tokens: nothing is downloaded (the template fetched CSS). */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = usePageStyleStore();
  const language = useAppStore((s) => s.language);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      size={300}
      data-testid="settings-drawer"
    >
      <Form
        layout="horizontal"
        labelCol={{ span: 16 }}
        wrapperCol={{ span: 8 }}
        labelAlign="left"
        colon={false}
      >
        <Form.Item label={t('settings.theme')}>
          <ColorPicker
            value={settings.theme}
            presets={[{ label: t('settings.theme'), colors: THEME_PRESETS }]}
            onChange={(color) => settings.change('theme', color.toHexString())}
            aria-label={t('settings.theme')}
            data-testid="theme-picker"
          />
        </Form.Item>
        {TOGGLES.filter((toggle) => !toggle.chineseOnly || language === 'zh').map((toggle) => (
          <Form.Item key={toggle.key} label={t(toggle.label)}>
            <Switch
              checked={settings[toggle.key]}
              onChange={(checked) => settings.change(toggle.key, checked)}
              aria-label={t(toggle.label)}
              data-testid={`setting-${toggle.key}`}
            />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
