import type { ShortLinkCount, ShortLinkDetail } from '@tally/contracts';
import { Card, Col, Descriptions, Drawer, Empty, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/formatters';
import { shortUrl, useShortLinkDetail } from '../api';
import { ShortLinkQr } from './qr-code';

/** Clicks per day as columns: light enough to need no chart library. */
function DayBars({ days }: { days: ShortLinkDetail['stats']['days'] }) {
  const max = Math.max(1, ...days.map((d) => d.clicks));
  return (
    <div className="short-link-days" data-testid="short-link-days">
      {days.map((d) => (
        <div key={d.day} className="short-link-day" title={`${d.day}: ${d.clicks}`}>
          <div className="short-link-day-bar" style={{ height: `${(d.clicks / max) * 100}%` }} />
        </div>
      ))}
    </div>
  );
}

/** A top list as labelled bars. */
function TopBars({ rows, label }: { rows: ShortLinkCount[]; label(key: string): string }) {
  const { t } = useTranslation();
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shortLinks.noClicks')} />;
  const max = Math.max(1, ...rows.map((r) => r.clicks));
  return (
    <ul className="short-link-top">
      {rows.map((r) => (
        <li key={r.key}>
          <span className="short-link-top-label">{label(r.key)}</span>
          <span className="short-link-top-track">
            <span className="short-link-top-bar" style={{ width: `${(r.clicks / max) * 100}%` }} />
          </span>
          <span className="short-link-top-count">{r.clicks}</span>
        </li>
      ))}
    </ul>
  );
}

/** One link: its settings, a QR code to download, and where its clicks came from. */
export function ShortLinkDetailDrawer({ id, onClose }: { id: number; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const detail = useShortLinkDetail(id);
  const link = detail.data;
  const orUnknown = (key: string) => key || t('shortLinks.unknown');
  const device = (key: string) =>
    i18n.exists(`shortLinks.devices.${key}`) ? t(`shortLinks.devices.${key}`) : orUnknown(key);
  const total = link?.stats.days.reduce((n, d) => n + d.clicks, 0) ?? 0;
  return (
    <Drawer
      open
      width="min(720px, 100vw)"
      title={link ? `/s/${link.code}` : t('shortLinks.details')}
      onClose={onClose}
      data-testid="short-link-detail"
    >
      {!link ? (
        <Spin />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={15}>
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('shortLinks.target')}>
                  <Typography.Text className="break-all">{link.target}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('shortLinks.linkTitle')}>{link.title || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('shortLinks.clicks')}>
                  <span data-testid="short-link-detail-clicks">{link.clicks}</span>
                  {link.max_visits !== null && ` / ${link.max_visits}`}
                </Descriptions.Item>
                <Descriptions.Item label={t('shortLinks.expiresAt')}>
                  {link.expires_at ? formatDate(link.expires_at) : t('shortLinks.never')}
                </Descriptions.Item>
                <Descriptions.Item label={t('shortLinks.createdBy')}>
                  {link.created_by_name || '—'}
                </Descriptions.Item>
              </Descriptions>
            </Col>
            <Col xs={24} sm={9}>
              <ShortLinkQr url={shortUrl(link)} code={link.code} />
            </Col>
          </Row>
          <Card size="small" title={`${t('shortLinks.clicksByDay')} · ${total}`} className="short-link-card">
            <DayBars days={link.stats.days} />
          </Card>
          <Row gutter={[12, 12]}>
            {(
              [
                ['topAreas', link.stats.areas, orUnknown],
                ['topReferrers', link.stats.referrers, (k: string) => k || t('shortLinks.direct')],
                ['topDevices', link.stats.devices, device],
                ['topBrowsers', link.stats.browsers, orUnknown],
              ] as const
            ).map(([title, rows, label]) => (
              <Col xs={24} md={12} key={title}>
                <Card size="small" title={t(`shortLinks.${title}`)} className="short-link-card">
                  <TopBars rows={rows} label={label} />
                </Card>
              </Col>
            ))}
          </Row>
        </>
      )}
    </Drawer>
  );
}
