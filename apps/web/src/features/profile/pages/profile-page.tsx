import { Col, Row } from 'antd';
import { ChangePasswordCard } from '../components/change-password-card';
import { ProfileCard } from '../components/profile-card';

export default function ProfilePage() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <ProfileCard />
      </Col>
      <Col xs={24} lg={14}>
        <ChangePasswordCard />
      </Col>
    </Row>
  );
}
