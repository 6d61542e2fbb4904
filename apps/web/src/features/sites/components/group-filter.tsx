import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroupDetail } from '../api';

/** undefined = every group, 0 = sites in no group (the list call's convention). */
export function GroupFilter({ value, onChange }: { value?: number; onChange: (id?: number) => void }) {
  const { t } = useTranslation();
  const groups = useGroupDetail();
  return (
    <Select<number>
      className="group-filter"
      allowClear
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      placeholder={t('siteAdmin.allGroups')}
      aria-label={t('siteAdmin.allGroups')}
      loading={groups.isLoading}
      options={[
        { value: 0, label: t('siteAdmin.ungrouped') },
        ...(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name })),
      ]}
      data-testid="group-filter"
    />
  );
}
