import { DeleteOutlined } from '@ant-design/icons';
import type { SiteSummary } from '@tally/contracts';
import { Button, Card, Empty, List, Popconfirm, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/user-text';
import { useDeleteGroups, useMoveSites, useSaveGroup } from '../api';

interface Props {
  /** null: the sites in no group. */
  group: { id: number; name: string } | null;
  sites: SiteSummary[];
  groupOptions: { value: number; label: string }[];
}

/** One group: rename in place, delete, and move each of its sites elsewhere. */
export function GroupCard({ group, sites, groupOptions }: Props) {
  const { t } = useTranslation();
  const save = useSaveGroup();
  const remove = useDeleteGroups();
  const move = useMoveSites();
  const title = group ? (
    <Typography.Text
      editable={{
        onChange: (name) =>
          name.trim() && name !== group.name && save.mutate({ id: group.id, name: name.trim() }),
        maxLength: 32,
        tooltip: t('siteAdmin.groupRename'),
      }}
    >
      <UserText>{group.name}</UserText>
    </Typography.Text>
  ) : (
    t('siteAdmin.ungrouped')
  );
  const extra = group && (
    <Popconfirm
      title={t('siteAdmin.groupDeleteConfirm', { name: group.name })}
      onConfirm={() => remove.mutate([group.id])}
    >
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('siteAdmin.delete')} />
    </Popconfirm>
  );
  return (
    <Card size="small" title={title} extra={extra} data-testid={`group-${group?.id ?? 'none'}`}>
      {sites.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('siteAdmin.groupEmpty')} />
      ) : (
        <List
          size="small"
          dataSource={sites}
          renderItem={(site) => (
            <List.Item
              actions={[
                // Named by the words and the site's name where they stand (aria-labelledby): the site's
                // name is user data, marked in one place, never copied into an attribute.
                <span key="move">
                  <span id={`site-${site.id}-move`} hidden>
                    {t('siteAdmin.moveTo')}
                  </span>
                  <Select<number>
                    size="small"
                    className="group-move"
                    placeholder={t('siteAdmin.moveTo')}
                    value={null as unknown as number}
                    onChange={(to) => move.mutate({ site_ids: [site.id], group_id: to === 0 ? null : to })}
                    options={[{ value: 0, label: t('siteAdmin.ungrouped') }, ...groupOptions].filter(
                      (o) => o.value !== (group?.id ?? 0),
                    )}
                    aria-labelledby={`site-${site.id}-move site-${site.id}-name`}
                  />
                </span>,
              ]}
            >
              <List.Item.Meta
                title={<UserText id={`site-${site.id}-name`}>{site.name}</UserText>}
                description={<UserText>{site.domain}</UserText>}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
