import { API_KEYS_API, USER_API } from '@tally/contracts';
import { Col, Row } from 'antd';
import { canCall } from '../../../lib/access';
import { useUserStore } from '../../../stores/user';
import { ApiKeysCard } from '../components/api-keys-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { ProfileCard } from '../components/profile-card';
import { TelegramLinkCard } from '../components/telegram-link-card';

export default function ProfilePage() {
  // Seed section 6: a share-link client cannot use the password menu (the server refuses it too).
  const mayChangePassword = useUserStore((s) => canCall(USER_API.changePassword, s.roles));
  const mayHoldKeys = useUserStore((s) => canCall(API_KEYS_API.fetch, s.roles));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <ProfileCard />
      </Col>
      {mayChangePassword && (
        <Col xs={24} lg={14}>
          <ChangePasswordCard />
        </Col>
      )}
      {mayChangePassword && (
        <Col xs={24} lg={10}>
          <TelegramLinkCard />
        </Col>
      )}
      {mayHoldKeys && (
        <Col xs={24} lg={14}>
          <ApiKeysCard />
        </Col>
      )}
    </Row>
  );
}
