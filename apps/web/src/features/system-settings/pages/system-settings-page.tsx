import '../messages';
import { type AdminSettings, SETTING_GROUPS, type SettingGroup } from '@tally/contracts';
import { Card, Empty, Modal, Skeleton, Tabs } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAdminSettings } from '../api';
import { BasicTab } from '../components/basic-tab';
import { FinanceTab } from '../components/finance-tab';
import { MailTab } from '../components/mail-tab';
import { NoticesTab } from '../components/notices-tab';
import { RegistrationTab } from '../components/registration-tab';
import { SystemTab } from '../components/system-tab';
import { TrackingTab } from '../components/tracking-tab';

// Off the first load: the ads tab's image picker (antd Upload and Progress) loads when that tab opens,
// the load error's Result only when the settings cannot be read.
const AdsTab = lazy(() => import('../components/ads-tab').then((m) => ({ default: m.AdsTab })));
const LoadFailed = lazy(() => import('../components/load-failed'));

const GROUPS = Object.keys(SETTING_GROUPS) as SettingGroup[];

function isGroup(value: string | null): value is SettingGroup {
  return value !== null && (GROUPS as string[]).includes(value);
}

/** /admin/setting 系统设置: one tab per settings group; the open tab is kept in the address. */
export default function SystemSettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [modal, modalHolder] = Modal.useModal();
  const settings = useAdminSettings();
  const tab = params.get('tab');
  const active: SettingGroup = isGroup(tab) ? tab : 'basic';
  if (settings.isError) {
    return (
      <Card className="page-card">
        <Suspense fallback={<Skeleton active />}>
          <LoadFailed retry={() => settings.refetch()} />
        </Suspense>
      </Card>
    );
  }
  const data = settings.data;
  const panes: Record<SettingGroup, (s: AdminSettings) => ReactNode> = {
    basic: (s) => <BasicTab settings={s} confirm={async (props) => modal.confirm(props)} />,
    notices: (s) => <NoticesTab settings={s} />,
    ads: (s) => (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <AdsTab settings={s} />
      </Suspense>
    ),
    tracking: (s) => <TrackingTab settings={s} />,
    mail: (s) => <MailTab settings={s} />,
    registration: (s) => <RegistrationTab settings={s} />,
    system: (s) => <SystemTab settings={s} />,
    finance: (s) => <FinanceTab settings={s} />,
    telegram: () => <Empty description={t('sysSettings.later')} />,
  };
  return (
    <Card className="page-card" data-testid="system-settings">
      {modalHolder}
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={GROUPS.map((group) => ({
          key: group,
          label: t(`sysSettings.tabs.${group}`),
          children: data ? panes[group](data) : <Skeleton active paragraph={{ rows: 6 }} />,
        }))}
      />
    </Card>
  );
}
