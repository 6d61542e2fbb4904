import { ACCESS } from '@tally/contracts';
import { Col, Row } from 'antd';
import { canAccess } from '../../../lib/access';
import { useUserStore } from '../../../stores/user';
import { ChangePasswordCard } from '../components/change-password-card';
import { ProfileCard } from '../components/profile-card';
import { TelegramLinkCard } from '../components/telegram-link-card';

export default function ProfilePage() {
  // Seed section 6: a share-link client cannot use the password menu (the server refuses it too).
  const mayChangePassword = useUserStore((s) => canAccess(s.roles, ACCESS.account));
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
    </Row>
  );
}
