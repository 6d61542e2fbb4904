import { TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '../lib/language';
import { useAppStore } from '../stores/app';

/** Each button names the language it switches to, in that language. */
const OTHER: Record<Language, { to: Language; label: string }> = {
  zh: { to: 'en', label: 'English' },
  en: { to: 'zh', label: '中文' },
};

/** Two languages only, so one toggle; a dropdown would also cost the signed-out pages its menu code. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const other = OTHER[language];
  return (
    <Button
      type="text"
      className={className}
      icon={<TranslationOutlined />}
      title={t('navbar.language')}
      lang={other.to === 'zh' ? 'zh-CN' : 'en'}
      onClick={() => setLanguage(other.to)}
      data-testid="language-switch"
    >
      {other.label}
    </Button>
  );
}
