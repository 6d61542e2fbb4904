import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PLAYGROUND_STATUS_KEY, playgroundStatus } from '../../../lib/playground-mode';
import { PLAYGROUND_KEY, playgroundApi, REFRESH_MS } from '../api';
import { GroupsCard } from '../components/groups-card';
import { RechargesCard } from '../components/recharges-card';
import { TalkCard } from '../components/talk-card';
import '../messages';
import '../playground.css';

/**
 * /admin/playground: the try-it mode's panel (`npm run demo`). It plays the outside world's part: a
 * payment on the fake chain, a group adding the bot, a member typing a command. Outside that mode
 * every playground call is a 404, and the page says how to start it.
 */
export default function PlaygroundPage() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: PLAYGROUND_STATUS_KEY,
    queryFn: playgroundStatus,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const on = status.isSuccess;
  const groups = useQuery({
    queryKey: [...PLAYGROUND_KEY, 'groups'],
    queryFn: playgroundApi.groups,
    enabled: on,
    refetchInterval: REFRESH_MS,
  });
  const [groupId, setGroupId] = useState<number>();
  const list = groups.data?.list ?? [];
  const firstId = list[0]?.id;
  useEffect(() => {
    if (groupId === undefined && firstId !== undefined) setGroupId(firstId);
  }, [groupId, firstId]);

  if (status.isLoading) return <Spin />;
  if (!status.data)
    return (
      <Card className="page-card" data-testid="playground-off">
        <Result status="info" title={t('playground.notRunning')} subTitle={t('playground.notRunningHint')} />
      </Card>
    );
  const s = status.data;
  return (
    <Space orientation="vertical" size={16} className="playground-page" data-testid="playground">
      <Card className="page-card">
        <PageHeader title={t('playground.title')} />
        <Typography.Paragraph>{t('playground.intro')}</Typography.Paragraph>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t('playground.address')}>
            <Typography.Text copyable code>
              {s.address}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('playground.bot')}>
            @{s.bot_username} · {t(`playground.modes.${s.bot_mode}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('playground.trongrid')}>{s.trongrid_url}</Descriptions.Item>
          <Descriptions.Item label={t('playground.botApi')}>{s.bot_api_url}</Descriptions.Item>
          <Descriptions.Item label={t('playground.demoUser')}>{s.demo_email}</Descriptions.Item>
          <Descriptions.Item label={t('playground.dataDir')}>{s.data_dir}</Descriptions.Item>
        </Descriptions>
      </Card>
      <RechargesCard />
      <GroupsCard status={s} groups={list} loading={groups.isLoading} onAdded={(g) => setGroupId(g.id)} />
      <TalkCard botUsername={s.bot_username} groups={list} groupId={groupId} onGroup={setGroupId} />
    </Space>
  );
}
