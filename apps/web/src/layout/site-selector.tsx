import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../lib/feedback';
import { useAppStore } from '../stores/app';

/** The option that means "no single site": it sends the user to pick one. */
const PREVIEW_ALL = '__all__';
/** Seed section 9: the site-switch message stays 3000 ms. */
const SWITCH_MESSAGE_S = 3;

export function SiteSelector() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const sites = useAppStore((s) => s.sites);
  const site = useAppStore((s) => s.site);
  const setSite = useAppStore((s) => s.setSite);

  const onChange = (value: string | number) => {
    if (value === PREVIEW_ALL) {
      navigate('/sites/select');
      return;
    }
    const chosen = sites.find((s) => s.id === value);
    if (!chosen) return;
    setSite(chosen);
    void message.success({ content: t('sites.switched', { site: chosen.name }), duration: SWITCH_MESSAGE_S });
  };

  return (
    <Select<string | number>
      className="site-selector"
      aria-label={t('navbar.site')}
      value={site?.id ?? PREVIEW_ALL}
      onChange={onChange}
      popupMatchSelectWidth={false}
      options={[
        { value: PREVIEW_ALL, label: t('sites.previewAll') },
        ...sites.map((s) => ({ value: s.id, label: s.name })),
      ]}
      data-testid="site-selector"
    />
  );
}
