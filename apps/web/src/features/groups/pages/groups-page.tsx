import {
  type ChatPage,
  type ChatRow,
  GROUPS_PATHS,
  REPORT_SCHEDULES,
  SITES_PATHS,
  type Site,
} from '@tally/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { confirmDanger } from '../../../lib/confirm';
import { useFeedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/formatters';
import { addMessages } from '../../../lib/messages';
import { get, post } from '../../../lib/request';

const en = {
  tgGroups: {
    title: 'Groups',
    search: 'Title or chat id',
    group: 'Group',
    bot: 'Bot',
    botStatus: 'Bot status',
    statuses: {
      member: 'Member',
      administrator: 'Admin',
      creator: 'Owner',
      restricted: 'Restricted',
      left: 'Left',
      kicked: 'Removed',
    },
    members: 'Members',
    language: 'Language',
    sites: 'Bound sites',
    joined: 'Joined',
    actions: 'Actions',
    bind: 'Bind site',
    test: 'Test report',
    send: 'Send message',
    leave: 'Leave',
    leaveQuestion: 'Make the bot leave “{{title}}”?',
    site: 'Site',
    schedule: 'Schedule',
    schedules: { daily: 'Daily', weekly: 'Weekly', off: 'Off' },
    time: 'Time (site time zone)',
    weekday: 'Weekday',
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    text: 'Message',
    sent: 'Sent',
    unbind: 'Unbind',
    empty: 'No groups yet: add a bot to a Telegram group',
    total_one: '{{count}} group',
    total: '{{count}} groups',
  },
};
const zh: typeof en = {
  tgGroups: {
    title: '群组管理',
    search: '群名或群 ID',
    group: '群组',
    bot: '机器人',
    botStatus: '机器人状态',
    statuses: {
      member: '成员',
      administrator: '管理员',
      creator: '群主',
      restricted: '受限',
      left: '已退出',
      kicked: '已被移出',
    },
    members: '成员数',
    language: '语言',
    sites: '绑定站点',
    joined: '加入时间',
    actions: '操作',
    bind: '绑定站点',
    test: '测试报告',
    send: '发送消息',
    leave: '退出群组',
    leaveQuestion: '让机器人退出「{{title}}」？',
    site: '站点',
    schedule: '报告频率',
    schedules: { daily: '每天', weekly: '每周', off: '不发送' },
    time: '时间（站点时区）',
    weekday: '星期',
    weekdays: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
    text: '消息内容',
    sent: '已发送',
    unbind: '解除绑定',
    empty: '暂无群组：把机器人拉进 Telegram 群组即可',
    total_one: '共 {{count}} 个群组',
    total: '共 {{count}} 个群组',
  },
};
addMessages({ en, zh });

interface BindForm {
  site_id: number;
  schedule: (typeof REPORT_SCHEDULES)[number];
  time: string;
  weekday: number | null;
}

const GONE = ['left', 'kicked'];

/** /groups/groups 群组管理: groups learned from Telegram, their bindings, reports and messages. */
export default function GroupsPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [modal, holder] = Modal.useModal();
  const queryClient = useQueryClient();
  const [binding, setBinding] = useState<ChatRow | null>(null);
  const [sending, setSending] = useState<ChatRow | null>(null);
  const [bindForm] = Form.useForm<BindForm>();
  const [sendForm] = Form.useForm<{ text: string }>();
  const list = useResourceList<ChatRow, { keyword: string | undefined }, '-id'>({
    key: ['tg-groups'],
    fetch: (query) => get<ChatPage>(GROUPS_PATHS.fetch, query),
    filters: { keyword: 'string' },
    sort: '-id',
    sorts: ['-id'],
  });
  const sites = useQuery({
    queryKey: ['tg-groups-sites'],
    queryFn: () => get<{ list: Site[] }>(SITES_PATHS.fetch, { limit: 200 }),
    enabled: binding !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tg-groups'] });
  const act = (url: string, body: object, done?: string) =>
    post(url, body).then(
      async () => {
        if (done) void message.success(done);
        await refresh();
        return true;
      },
      () => false,
    );
  const schedule = Form.useWatch('schedule', bindForm);

  const columns: ResourceColumns<ChatRow> = [
    {
      title: t('tgGroups.group'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Space direction="vertical" size={0}>
          <strong>{title || '—'}</strong>
          <span className="muted">
            {row.chat_id} · {row.type}
          </span>
        </Space>
      ),
    },
    { title: t('tgGroups.bot'), dataIndex: 'bot_username', render: (name: string) => `@${name}` },
    {
      title: t('tgGroups.botStatus'),
      dataIndex: 'bot_status',
      render: (status: string) => (
        <Tag
          color={GONE.includes(status) ? 'default' : status === 'administrator' ? 'blue' : 'green'}
          data-testid="group-bot-status"
        >
          {t(`tgGroups.statuses.${status}`, { defaultValue: status })}
        </Tag>
      ),
    },
    { title: t('tgGroups.members'), dataIndex: 'member_count', render: (n: number | null) => n ?? '—' },
    {
      title: t('tgGroups.language'),
      dataIndex: 'language',
      render: (language: string, row) => (
        <Select
          size="small"
          value={language}
          style={{ width: 90 }}
          onChange={(next) => void act(GROUPS_PATHS.save, { id: row.id, language: next })}
          options={[
            { value: 'zh', label: '中文' },
            { value: 'en', label: 'English' },
          ]}
        />
      ),
    },
    {
      title: t('tgGroups.sites'),
      dataIndex: 'bindings',
      render: (bindings: ChatRow['bindings'], row) => (
        <Space size={[4, 4]} wrap data-testid="group-bindings">
          {bindings.map((b) => (
            <Tag
              key={b.id}
              closable
              onClose={(e) => {
                e.preventDefault();
                void act(GROUPS_PATHS.unbind, { id: row.id, site_id: b.site_id });
              }}
            >
              {b.site_name} · {t(`tgGroups.schedules.${b.schedule}`)} {b.schedule === 'off' ? '' : b.time}
              {b.schedule === 'weekly' && b.weekday !== null ? ` ${t(`tgGroups.weekdays.${b.weekday}`)}` : ''}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('tgGroups.joined'),
      dataIndex: 'joined_at',
      render: (time: string | null, row) =>
        row.left_at
          ? `${t('tgGroups.statuses.left')} ${formatDate(row.left_at)}`
          : time
            ? formatDate(time)
            : '—',
    },
    {
      title: t('tgGroups.actions'),
      render: (_: unknown, row) =>
        GONE.includes(row.bot_status) ? null : (
          <Space size={4} wrap>
            <Button
              size="small"
              onClick={() => {
                bindForm.setFieldsValue({ schedule: 'daily', time: '09:00', weekday: null });
                setBinding(row);
              }}
              data-testid="group-bind"
            >
              {t('tgGroups.bind')}
            </Button>
            <Button
              size="small"
              disabled={row.bindings.length === 0}
              onClick={() => void act(GROUPS_PATHS.testReport, { id: row.id }, t('tgGroups.sent'))}
              data-testid="group-test"
            >
              {t('tgGroups.test')}
            </Button>
            <Button size="small" onClick={() => setSending(row)}>
              {t('tgGroups.send')}
            </Button>
            <Button
              size="small"
              danger
              onClick={async () => {
                if (
                  await confirmDanger(
                    modal,
                    t('tgGroups.leaveQuestion', { title: row.title }),
                    t('tgGroups.leave'),
                  )
                )
                  await act(GROUPS_PATHS.leave, { id: row.id });
              }}
            >
              {t('tgGroups.leave')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Card className="page-card" data-testid="groups-page">
      {holder}
      <PageHeader title={t('tgGroups.title')} />
      <div className="list-toolbar">
        <Input.Search
          allowClear
          className="list-search"
          placeholder={t('tgGroups.search')}
          defaultValue={list.filters.keyword}
          onSearch={(keyword) => list.setFilters({ keyword: keyword.trim() || undefined })}
        />
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={1100}
        emptyText={t('tgGroups.empty')}
        totalText={(total) => t('tgGroups.total', { count: total })}
        data-testid="groups-table"
      />
      <Modal
        open={binding !== null}
        title={`${t('tgGroups.bind')} · ${binding?.title ?? ''}`}
        onCancel={() => setBinding(null)}
        onOk={() => bindForm.submit()}
        destroyOnHidden
      >
        <Form
          form={bindForm}
          layout="vertical"
          onFinish={async (values) => {
            if (binding && (await act(GROUPS_PATHS.bind, { id: binding.id, ...values }))) setBinding(null);
          }}
        >
          <Form.Item
            name="site_id"
            label={t('tgGroups.site')}
            rules={[{ required: true, message: t('login.required') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={sites.isLoading}
              options={(sites.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
              data-testid="bind-site"
            />
          </Form.Item>
          <Form.Item name="schedule" label={t('tgGroups.schedule')}>
            <Select
              options={REPORT_SCHEDULES.map((s) => ({ value: s, label: t(`tgGroups.schedules.${s}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="time"
            label={t('tgGroups.time')}
            rules={[{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'HH:MM' }]}
          >
            <Input placeholder="09:00" maxLength={5} />
          </Form.Item>
          {schedule === 'weekly' ? (
            <Form.Item
              name="weekday"
              label={t('tgGroups.weekday')}
              rules={[{ required: true, message: t('login.required') }]}
            >
              <Select
                options={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: t(`tgGroups.weekdays.${d}`) }))}
              />
            </Form.Item>
          ) : null}
        </Form>
      </Modal>
      <Modal
        open={sending !== null}
        title={`${t('tgGroups.send')} · ${sending?.title ?? ''}`}
        onCancel={() => setSending(null)}
        onOk={() => sendForm.submit()}
        destroyOnHidden
      >
        <Form
          form={sendForm}
          layout="vertical"
          onFinish={async ({ text }) => {
            if (sending && (await act(GROUPS_PATHS.send, { id: sending.id, text }, t('tgGroups.sent')))) {
              sendForm.resetFields();
              setSending(null);
            }
          }}
        >
          <Form.Item
            name="text"
            label={t('tgGroups.text')}
            rules={[{ required: true, whitespace: true, message: t('login.required') }]}
          >
            <Input.TextArea rows={4} maxLength={4000} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
