import { BOTS_API, type BotRow } from '@tally/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ExportButton } from '../../../components/resource-table/export-button';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { switchColumn } from '../../../components/resource-table/switch-column';
import { useConfirmedDelete } from '../../../components/resource-table/use-confirmed-delete';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { formatDate } from '../../../lib/formatters';
import { addMessages } from '../../../lib/messages';
import { useUserStore } from '../../../stores/user';
import { addBot, BOTS_KEY, type BotFilters, deleteBots, fetchBots, switchBot } from '../api';

const en = {
  bots: {
    title: 'Bots',
    token: 'Bot token from @BotFather',
    add: 'Add bot',
    bot: 'Bot',
    tokenCol: 'Token',
    mode: 'Mode',
    modes: { webhook: 'Webhook', polling: 'Long polling' },
    status: 'Status',
    statuses: { ok: 'Running', error: 'Error', disabled: 'Disabled' },
    pending: 'Pending updates',
    groups: 'Groups',
    owner: 'Owner',
    enabled: 'Enabled',
    created: 'Added',
    remove: 'Delete',
    removeQuestion: 'Delete {{count}} bots? Their groups and report bindings go with them.',
    empty: 'No bots yet',
    total_one: '{{count}} bot',
    total: '{{count}} bots',
    search: 'Bot name',
  },
};
const zh: typeof en = {
  bots: {
    title: '机器人列表',
    token: '@BotFather 提供的机器人令牌',
    add: '添加机器人',
    bot: '机器人',
    tokenCol: '令牌',
    mode: '模式',
    modes: { webhook: 'Webhook', polling: '长轮询' },
    status: '状态',
    statuses: { ok: '运行中', error: '出错', disabled: '已停用' },
    pending: '待处理更新',
    groups: '群组数',
    owner: '所有者',
    enabled: '启用',
    created: '添加时间',
    remove: '删除',
    removeQuestion: '删除 {{count}} 个机器人？其群组与报告绑定将一并删除。',
    empty: '暂无机器人',
    total_one: '共 {{count}} 个机器人',
    total: '共 {{count}} 个机器人',
    search: '机器人名称',
  },
};
addMessages({ en, zh });

const STATUS_COLOR = { ok: 'green', error: 'red', disabled: 'default' } as const;

/** /bots/botsList 机器人列表: add a bot by token, see its state, switch it, delete it. */
export default function BotsPage() {
  const { t } = useTranslation();
  const readOnly = useUserStore((s) => s.is_client === 1);
  const isAdmin = useUserStore((s) => s.roles.includes('admin'));
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ bot_token: string }>();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<number | null>(null);
  const list = useResourceList<BotRow, BotFilters, '-id'>({
    key: BOTS_KEY,
    fetch: fetchBots,
    filters: { keyword: 'string' },
    sort: '-id',
    sorts: ['-id'],
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: BOTS_KEY });
  const del = useConfirmedDelete({
    question: (count) => t('bots.removeQuestion', { count }),
    okText: t('bots.remove'),
    run: async (ids) => {
      await deleteBots(ids);
      await refresh();
      return ids;
    },
  });
  const add = async ({ bot_token }: { bot_token: string }) => {
    setAdding(true);
    try {
      await addBot(bot_token.trim());
      form.resetFields();
      await refresh();
    } catch {
      // The request layer already showed why (a refused token, Telegram unreachable).
    } finally {
      setAdding(false);
    }
  };
  const columns: ResourceColumns<BotRow> = [
    {
      title: t('bots.bot'),
      dataIndex: 'username',
      render: (username: string, row) => (
        <Space direction="vertical" size={0}>
          <strong>@{username}</strong>
          <span className="muted">{row.name}</span>
        </Space>
      ),
    },
    { title: t('bots.tokenCol'), dataIndex: 'token', render: (token: string) => <code>{token}</code> },
    { title: t('bots.mode'), dataIndex: 'mode', render: (mode: BotRow['mode']) => t(`bots.modes.${mode}`) },
    {
      title: t('bots.status'),
      dataIndex: 'status',
      render: (status: BotRow['status'], row) => (
        <Tooltip title={row.last_error ?? undefined}>
          <Tag color={STATUS_COLOR[status]} data-testid="bot-status">
            {t(`bots.statuses.${status}`)}
          </Tag>
        </Tooltip>
      ),
    },
    { title: t('bots.pending'), dataIndex: 'pending_updates' },
    { title: t('bots.groups'), dataIndex: 'groups_count' },
    ...(isAdmin ? [{ title: t('bots.owner'), dataIndex: 'owner_name', userContent: true }] : []),
    { title: t('bots.created'), dataIndex: 'created_at', render: (time: string) => formatDate(time) },
    ...(readOnly
      ? []
      : [
          switchColumn<BotRow>({
            title: t('bots.enabled'),
            checked: (row) => row.enabled,
            pending: (row) => pending === row.id,
            onChange: (row, next) => {
              setPending(row.id);
              void switchBot(row.id, next)
                .then(refresh, () => undefined)
                .finally(() => setPending(null));
            },
          }),
        ]),
  ];
  return (
    <Card className="page-card" data-testid="bots-page">
      <PageHeader title={t('bots.title')}>
        {readOnly ? null : (
          <Form form={form} layout="inline" className="inline-form" onFinish={add}>
            <Form.Item
              name="bot_token"
              rules={[{ required: true, whitespace: true, message: t('login.required') }]}
            >
              <Input.Password
                autoComplete="off"
                placeholder={t('bots.token')}
                style={{ width: 320, maxWidth: '100%' }}
                data-testid="bot-token"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={adding} data-testid="bot-add">
              {t('bots.add')}
            </Button>
          </Form>
        )}
      </PageHeader>
      <div className="list-toolbar">
        <Input.Search
          allowClear
          className="list-search"
          placeholder={t('bots.search')}
          aria-label={t('bots.search')}
          defaultValue={list.filters.keyword}
          onSearch={(keyword) => list.setFilters({ keyword: keyword.trim() || undefined })}
        />
        <ExportButton endpoint={BOTS_API.export} query={list.query} data-testid="bots-export" />
      </div>
      {del.holder}
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={900}
        emptyText={t('bots.empty')}
        totalText={(total) => t('bots.total', { count: total })}
        batchDelete={readOnly ? undefined : { label: () => t('bots.remove'), remove: del.remove }}
        data-testid="bots-table"
      />
    </Card>
  );
}
