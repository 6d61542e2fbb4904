import '../profile.css';
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../../stores/user';

export function ProfileCard() {
  const { t } = useTranslation();
  const user = useUserStore();
  const inviteLink = user.invite_code
    ? `${window.location.origin}/register?invite_code=${encodeURIComponent(user.invite_code)}`
    : '';
  return (
    <Card title={t('profile.title')}>
      <div className="profile-head">
        <Avatar size={64} src={user.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Title level={4} style={{ margin: '8px 0 0' }} data-testid="profile-name">
          {user.name}
        </Typography.Title>
      </div>
      <Descriptions column={1} size="small" bordered className="profile-descriptions">
        <Descriptions.Item label={t('profile.email')}>{user.email || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.roles')}>
          {user.roles.map((role) => (
            <Tag key={role}>{t(`profile.role.${role}`, { defaultValue: role })}</Tag>
          ))}
        </Descriptions.Item>
        {user.is_client === 0 && user.invite_code && (
          <>
            <Descriptions.Item label={t('profile.inviteCode')}>
              <Typography.Text copyable>{user.invite_code}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.inviteLink')}>
              <Typography.Text copyable className="break-all">
                {inviteLink}
              </Typography.Text>
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
    </Card>
  );
}
