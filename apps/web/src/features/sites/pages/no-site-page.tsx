import '../messages';
import type { Site } from '@tally/contracts';
import { Card, Col, Row, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../../stores/app';
import { SiteForm } from '../components/site-form';
import { TrackingCodeDialog } from '../components/tracking-code-dialog';

/** `/sites/notice`: a user without sites learns the three steps and adds the first one here. */
export default function NoSitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [added, setAdded] = useState<Site | null>(null);
  const setSite = useAppStore((s) => s.setSite);
  return (
    <Card className="page-card" data-testid="no-site-page">
      <Typography.Title level={4} className="page-title">
        {t('siteAdmin.noticeTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('siteAdmin.noticeText')}</Typography.Paragraph>
      <Row gutter={[32, 24]}>
        <Col xs={24} md={9}>
          <Steps
            orientation="vertical"
            current={added ? 1 : 0}
            items={[
              { title: t('siteAdmin.noticeStep1') },
              { title: t('siteAdmin.noticeStep2') },
              { title: t('siteAdmin.noticeStep3') },
            ]}
          />
        </Col>
        <Col xs={24} md={15}>
          <SiteForm onSaved={setAdded} />
        </Col>
      </Row>
      {added && (
        <TrackingCodeDialog
          site={added}
          onClose={() => {
            setSite({ id: added.id, name: added.name, domain: added.domain });
            navigate('/dashboard');
          }}
        />
      )}
    </Card>
  );
}
