import type { Site } from '@tally/contracts';
import { Button, Descriptions, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ShareBody, type ShareState, useManageShare } from '../api';

/** Share-link management of one site: turn on, new link, turn off, password. */
export function ShareDialog({ site, onClose }: { site: Site; onClose: () => void }) {
  const { t } = useTranslation();
  const manage = useManageShare();
  const [share, setShare] = useState<ShareState>(site.share);
  const [form] = Form.useForm<{ password: string }>();
  const run = (action: ShareBody['action'], password?: string | null) =>
    manage.mutate(
      { id: site.id, action, password },
      {
        onSuccess: (next) => {
          setShare(next);
          form.resetFields();
        },
      },
    );
  const passwordField = (
    <Form
      form={form}
      layout="vertical"
      onFinish={({ password }) => run(share.enabled ? 'password' : 'enable', password || null)}
    >
      <Form.Item
        name="password"
        label={t('siteAdmin.sharePassword')}
        extra={t('siteAdmin.sharePasswordHelp')}
      >
        <Input.Password maxLength={128} autoComplete="new-password" data-testid="share-password-input" />
      </Form.Item>
    </Form>
  );
  return (
    <Modal
      open
      title={t('siteAdmin.shareTitle', { name: site.name })}
      onCancel={onClose}
      footer={null}
      width={600}
      data-testid="share-dialog"
    >
      <Typography.Paragraph type="secondary">{t('siteAdmin.shareHelp')}</Typography.Paragraph>
      {share.enabled && share.url ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('siteAdmin.share')}>
              <Typography.Text copyable className="break-all" data-testid="share-url">
                {share.url}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('siteAdmin.sharePassword')}>
              <Tag color={share.has_password ? 'gold' : 'default'} data-testid="share-password-state">
                {t(share.has_password ? 'siteAdmin.shareProtected' : 'siteAdmin.shareOpen')}
              </Tag>
            </Descriptions.Item>
          </Descriptions>
          <div className="dialog-section">{passwordField}</div>
          <Space wrap>
            <Button onClick={() => form.submit()} loading={manage.isPending} data-testid="share-set-password">
              {t('siteAdmin.sharePasswordSet')}
            </Button>
            {share.has_password && (
              <Button onClick={() => run('password', null)} data-testid="share-clear-password">
                {t('siteAdmin.sharePasswordClear')}
              </Button>
            )}
            <Popconfirm title={t('siteAdmin.shareRotateConfirm')} onConfirm={() => run('rotate')}>
              <Button data-testid="share-rotate">{t('siteAdmin.shareRotate')}</Button>
            </Popconfirm>
            <Popconfirm title={t('siteAdmin.shareRevokeConfirm')} onConfirm={() => run('revoke')}>
              <Button danger data-testid="share-revoke">
                {t('siteAdmin.shareRevoke')}
              </Button>
            </Popconfirm>
          </Space>
        </>
      ) : (
        <>
          <Typography.Paragraph data-testid="share-off">{t('siteAdmin.shareOff')}</Typography.Paragraph>
          {passwordField}
          <Button
            type="primary"
            onClick={() => form.submit()}
            loading={manage.isPending}
            data-testid="share-enable"
          >
            {t('siteAdmin.shareEnable')}
          </Button>
        </>
      )}
    </Modal>
  );
}
