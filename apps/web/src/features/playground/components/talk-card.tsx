import type { ChatRow, PlaygroundMessage } from '@tally/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Image, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/formatters';
import { PLAYGROUND_KEY, playgroundApi, REFRESH_MS } from '../api';

interface Props {
  botUsername: string;
  groups: ChatRow[];
  groupId: number | undefined;
  onGroup(id: number): void;
}

const QUICK = ['/stats', '/help'];

/** One line of the conversation: a member's on the right, the bot's (text or the report's chart) on the left. */
function Line({ m, bot }: { m: PlaygroundMessage; bot: string }) {
  const { t } = useTranslation();
  return (
    <div className={`playground-line playground-line-${m.from}${m.kind === 'joined' ? ' is-event' : ''}`}>
      <div className="playground-bubble" data-testid={`playground-${m.from}-${m.kind}`}>
        <Typography.Text type="secondary" className="playground-who">
          {m.from === 'bot' ? `@${bot}` : t('playground.member')} · {formatDate(m.at, '{h}:{i}:{s}')}
        </Typography.Text>
        {m.photo && <Image src={m.photo} width={320} alt="report chart" />}
        {m.text && <div className="playground-text">{m.text}</div>}
      </div>
    </div>
  );
}

/** 3 · a member types in a fake group; the bot's answers as the fake Bot API recorded them. */
export function TalkCard({ botUsername, groups, groupId, onGroup }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('/stats');
  const [busy, setBusy] = useState<'send' | 'report'>();
  const group = groups.find((g) => g.id === groupId);
  const messages = useQuery({
    queryKey: [...PLAYGROUND_KEY, 'messages', groupId],
    queryFn: () => playgroundApi.messages(groupId),
    enabled: groupId !== undefined,
    refetchInterval: REFRESH_MS,
  });

  const run = async (kind: 'send' | 'report', act: () => Promise<unknown>) => {
    setBusy(kind);
    try {
      await act();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(undefined);
      await queryClient.invalidateQueries({ queryKey: PLAYGROUND_KEY });
    }
  };
  const send = (value: string) => {
    if (groupId === undefined || !value.trim()) return;
    void run('send', () => playgroundApi.command(groupId, value.trim()));
  };

  return (
    <Card className="page-card" title={t('playground.talkTitle')} data-testid="playground-talk">
      <Typography.Paragraph type="secondary">{t('playground.talkHint')}</Typography.Paragraph>
      {groups.length === 0 ? (
        <Empty description={t('playground.pickGroup')} />
      ) : (
        <>
          <Space wrap className="playground-form">
            <Select
              style={{ minWidth: 200 }}
              value={groupId}
              onChange={onGroup}
              options={groups.map((g) => ({ value: g.id, label: g.title }))}
              aria-label={t('playground.group')}
              data-testid="playground-group"
            />
            <Space.Compact>
              <Input
                value={text}
                onChange={(e) => setText(e.target.value)}
                onPressEnter={() => send(text)}
                maxLength={200}
                aria-label={t('playground.text')}
                style={{ width: 220 }}
                data-testid="playground-text"
              />
              <Button
                type="primary"
                loading={busy === 'send'}
                onClick={() => send(text)}
                data-testid="playground-send"
              >
                {t('playground.send')}
              </Button>
            </Space.Compact>
            {QUICK.map((q) => (
              <Button key={q} onClick={() => send(q)} disabled={busy !== undefined}>
                {q}
              </Button>
            ))}
            <Button
              loading={busy === 'report'}
              disabled={!group || group.bindings.length === 0}
              title={group && group.bindings.length === 0 ? t('playground.needsSite') : undefined}
              onClick={() => groupId !== undefined && void run('report', () => playgroundApi.report(groupId))}
              data-testid="playground-report"
            >
              {t('playground.report')}
            </Button>
          </Space>
          <div className="playground-chat" data-testid="playground-chat">
            {(messages.data?.list ?? []).length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('playground.empty')} />
            ) : (
              messages.data?.list.map((m) => <Line key={m.id} m={m} bot={botUsername} />)
            )}
          </div>
        </>
      )}
    </Card>
  );
}
