import './language-switch.css';
import { useTranslation } from 'react-i18next';
import type { Language } from '../lib/language';
import { useAppStore } from '../stores/app';
import { LightIcon } from './light-icon';

/** Each button names the language it switches to, in that language. */
const OTHER: Record<Language, { to: Language; label: string }> = {
  zh: { to: 'en', label: 'English' },
  en: { to: 'zh', label: '中文' },
};

/**
 * Two languages only, so one toggle. Plain markup (styles.css `.lang-switch`): it is on the signed-out
 * pages, which render without antd.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const other = OTHER[language];
  return (
    <button
      type="button"
      className={className ? `lang-switch ${className}` : 'lang-switch'}
      title={t('navbar.language')}
      lang={other.to === 'zh' ? 'zh-CN' : 'en'}
      onClick={() => setLanguage(other.to)}
      data-testid="language-switch"
    >
      <LightIcon name="translation" />
      <span className="lang-switch-label">{other.label}</span>
    </button>
  );
}
