import type { ChatRow, PlaygroundStatus } from '@tally/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedback } from '../../../lib/feedback';
import { PLAYGROUND_KEY, playgroundApi } from '../api';

interface Props {
  status: PlaygroundStatus;
  groups: ChatRow[];
  loading: boolean;
  /** The group just added becomes the one the conversation card shows. */
  onAdded(group: ChatRow): void;
}

/** 2 · a new fake group adds the demo bot; the bot's groups as 群组管理 lists them. */
export function GroupsCard({ status, groups, loading, onAdded }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ title: string; site_id?: number }>();
  const defaultTitle = t('playground.defaultTitle', { n: groups.length + 1 });

  const add = async (values: { title?: string; site_id?: number }) => {
    setBusy(true);
    try {
      const group = await playgroundApi.addGroup(values.title?.trim() || defaultTitle, values.site_id);
      void message.success(t('playground.added', { title: group.title }));
      form.setFieldValue('title', '');
      await queryClient.invalidateQueries({ queryKey: PLAYGROUND_KEY });
      onAdded(group);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      className="page-card"
      title={t('playground.groupsTitle')}
      extra={<Link to="/groups/groups">{t('playground.openGroups')}</Link>}
      data-testid="playground-groups"
    >
      <Typography.Paragraph type="secondary">
        {t('playground.groupsHint', {
          bot: status.bot_username,
          mode: t(`playground.modes.${status.bot_mode}`),
        })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        className="playground-form"
        initialValues={{ site_id: status.sites[0]?.id }}
        onFinish={(v) => void add(v)}
      >
        <Form.Item name="title" label={t('playground.groupTitle')}>
          <Input placeholder={defaultTitle} maxLength={64} data-testid="playground-group-title" />
        </Form.Item>
        <Form.Item name="site_id" label={t('playground.site')}>
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('playground.none')}
            options={status.sites.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="playground-add-group">
          {t('playground.add')}
        </Button>
      </Form>
      <Table<ChatRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={loading}
        dataSource={groups}
        locale={{ emptyText: t('playground.noGroups') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('playground.groupTitle'), dataIndex: 'title' },
          { title: 'chat_id', dataIndex: 'chat_id' },
          { title: '', dataIndex: 'bot_status', render: (v: string) => <Tag color="green">{v}</Tag> },
          {
            title: '',
            dataIndex: 'member_count',
            render: (n: number | null) => (n === null ? '' : t('playground.members', { count: n })),
          },
          {
            title: t('playground.reports'),
            key: 'bindings',
            render: (_: unknown, g: ChatRow) =>
              g.bindings.length === 0
                ? t('playground.none')
                : g.bindings.map((b) => (
                    <Tag key={b.id}>
                      {b.site_name} · {b.time}
                    </Tag>
                  )),
          },
        ]}
      />
    </Card>
  );
}
