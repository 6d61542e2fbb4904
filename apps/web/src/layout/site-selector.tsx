import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserText } from '../components/user-text';
import { SITES_SELECT } from '../lib/site-target';
import { useSwitchSite } from '../lib/use-switch-site';
import { useAppStore } from '../stores/app';

/** The option that means "no single site": it sends the user to pick one. */
const PREVIEW_ALL = '__all__';

export function SiteSelector() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sites = useAppStore((s) => s.sites);
  const site = useAppStore((s) => s.site);
  const switchSite = useSwitchSite();

  const onChange = (value: string | number) => {
    if (value === PREVIEW_ALL) {
      navigate(SITES_SELECT);
      return;
    }
    const chosen = sites.find((s) => s.id === value);
    if (chosen) switchSite(chosen);
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
        // Site names are their owners' words: user data (components/user-text.tsx).
        ...sites.map((s) => ({ value: s.id, label: <UserText>{s.name}</UserText>, title: s.name })),
      ]}
      data-testid="site-selector"
    />
  );
}
