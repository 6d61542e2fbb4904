import type { ChatRow } from '@tally/contracts';
import { Button, Select, Space, Tag } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useTranslation } from 'react-i18next';
import type { ResourceColumns } from '../../../components/resource-table/resource-table';
import { confirmDanger } from '../../../lib/confirm';
import { formatDate } from '../../../lib/formatters';
import { leaveGroup, sendTestReport, setGroupLanguage, unbindSite } from '../api';
import '../messages';
import { UserText } from '../../../components/user-text';
import { GONE, type GroupAct } from './group-actions';

interface Options {
  act: GroupAct;
  modal: HookAPI;
  /** Opens the bind dialog for a group. */
  onBind(row: ChatRow): void;
  /** Opens the message dialog for a group. */
  onSend(row: ChatRow): void;
}

/** 群组管理's columns: the group, its bot, language, bound sites and what can be done in it. */
export function useGroupColumns({ act, modal, onBind, onSend }: Options): ResourceColumns<ChatRow> {
  const { t } = useTranslation();
  return [
    {
      title: t('tgGroups.group'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Space direction="vertical" size={0}>
          {title ? <UserText as="strong">{title}</UserText> : <strong>—</strong>}
          <span className="muted">
            {row.chat_id} · {t(`tgGroups.chatType.${row.type}`, { defaultValue: row.type })}
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
      render: (language: ChatRow['language'], row) => (
        <Select
          size="small"
          value={language}
          style={{ width: 90 }}
          onChange={(next) => void act(setGroupLanguage(row.id, next))}
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
                void act(unbindSite(row.id, b.site_id));
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
            <Button size="small" onClick={() => onBind(row)} data-testid="group-bind">
              {t('tgGroups.bind')}
            </Button>
            <Button
              size="small"
              disabled={row.bindings.length === 0}
              onClick={() => void act(sendTestReport(row.id), t('tgGroups.sent'))}
              data-testid="group-test"
            >
              {t('tgGroups.test')}
            </Button>
            <Button size="small" onClick={() => onSend(row)}>
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
                  await act(leaveGroup(row.id));
              }}
            >
              {t('tgGroups.leave')}
            </Button>
          </Space>
        ),
    },
  ];
}
