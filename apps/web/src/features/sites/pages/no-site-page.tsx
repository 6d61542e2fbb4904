import '../messages';
import type { Site } from '@tally/contracts';
import { Button, Card, Col, Row, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppStore } from '../../../stores/app';
import { SiteForm } from '../components/site-form';
import { TrackingCodeDialog } from '../components/tracking-code-dialog';

/**
 * `/sites/notice`: a user without sites learns the three steps and adds the first one here. Someone
 * who already has sites (an old link, a bookmark) is not told they have none: they may add another.
 */
export default function NoSitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [added, setAdded] = useState<Site | null>(null);
  const setSite = useAppStore((s) => s.setSite);
  // The site added here joins the store at once; the page still reads as the first-site steps.
  const hadSites = useAppStore((s) => s.sites.some((site) => site.id !== added?.id));
  return (
    <Card className="page-card" data-testid="no-site-page">
      <Typography.Title level={4} className="page-title">
        {t(hadSites ? 'siteAdmin.noticeMoreTitle' : 'siteAdmin.noticeTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(hadSites ? 'siteAdmin.noticeMoreText' : 'siteAdmin.noticeText')}
      </Typography.Paragraph>
      {hadSites && (
        <Typography.Paragraph>
          <Link to="/dashboard" data-testid="notice-site-list">
            <Button>{t('siteAdmin.noticeSiteList')}</Button>
          </Link>
        </Typography.Paragraph>
      )}
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
