import { CopyOutlined } from '@ant-design/icons';
import { displayUsdt, parseMicros } from '@tally/contracts';
import { Alert, Button, Card, Col, Input, Modal, Row, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useInviteInfo, useMoveCommission } from '../api';

/** The invite link (absolute, with a copy button), the figures, and moving commission behind a confirmation. */
export function InviteCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [modal, modalHolder] = Modal.useModal();
  const info = useInviteInfo();
  const move = useMoveCommission();
  const [copied, setCopied] = useState(false);
  const data = info.data;
  const link = data ? new URL(data.link, window.location.origin).href : '';
  const balance = data?.commission_balance ?? '0';
  const canMove = data?.commission_transfer !== false && (parseMicros(balance) ?? 0n) > 0n;

  const copy = () =>
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => undefined,
    );
  const confirmMove = async () => {
    const amount = displayUsdt(balance);
    // One id per confirmation: a double click moves the money once.
    const requestId = crypto.randomUUID();
    const ok = await modal.confirm({
      title: t('invites.moveQuestion', { amount }),
      content: t('invites.moveHint'),
      okText: t('invites.moveOk'),
      okButtonProps: { 'data-testid': 'invites-move-confirm' } as Record<string, string>,
    });
    if (ok) move.mutate(requestId, { onSuccess: () => void message.success(t('invites.moved', { amount })) });
  };

  const stats = [
    { key: 'invitees', value: String(data?.invitees ?? 0) },
    { key: 'pending', value: displayUsdt(data?.commission_pending ?? '0'), unit: true },
    { key: 'credited', value: displayUsdt(data?.commission_credited ?? '0'), unit: true },
    { key: 'balance', value: displayUsdt(balance), unit: true },
  ] as const;

  return (
    <Card
      className="page-card"
      title={t('invites.title')}
      loading={info.isLoading}
      data-testid="invites-card"
    >
      {modalHolder}
      {data && (
        <Typography.Paragraph type="secondary" data-testid="invites-intro">
          {data.commission_delay_hours > 0
            ? t('invites.intro', { rate: data.commission_rate, hours: data.commission_delay_hours })
            : t('invites.introNow', { rate: data.commission_rate })}
        </Typography.Paragraph>
      )}
      <div className="invites-link-label">{t('invites.link')}</div>
      <Space.Compact className="invites-link">
        <Input readOnly value={link} aria-label={t('invites.link')} data-testid="invites-link" />
        <Button type="primary" icon={<CopyOutlined />} onClick={copy} data-testid="invites-copy">
          {copied ? t('invites.copied') : t('invites.copy')}
        </Button>
      </Space.Compact>
      <Row gutter={[16, 16]} className="invites-figures">
        {stats.map((s) => (
          <Col key={s.key} xs={12} md={6}>
            <Statistic
              title={t(`invites.${s.key}`)}
              value={s.value}
              suffix={'unit' in s ? t('invites.unit') : undefined}
              data-testid={`invites-${s.key}`}
            />
          </Col>
        ))}
      </Row>
      <Button
        className="invites-move"
        type="primary"
        ghost
        disabled={!canMove}
        loading={move.isPending}
        onClick={() => void confirmMove()}
        data-testid="invites-move"
      >
        {t('invites.move')}
      </Button>
      {data?.commission_transfer === false && (
        <Alert className="invites-closed" type="info" showIcon message={t('invites.moveClosed')} />
      )}
    </Card>
  );
}
