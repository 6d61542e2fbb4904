import { CheckCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { type FirstHit, HIT_DROP_WINDOW_MINUTES, SITE_HITS_API, type Site } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { call } from '../../../lib/request';

/** How often the dialog asks whether the first hit has come: fast enough to feel live. */
export const FIRST_HIT_POLL_MS = 2_500;

/**
 * Under the snippet: "waiting for the first visit…" until the site's first page view or event is
 * stored, then where it came from. While nothing has come, why hits may not be counted, with the
 * reasons the server saw in the last minutes first.
 */
export function FirstHitPanel({ site }: { site: Site }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['site-first-hit', site.id],
    queryFn: () => call(SITE_HITS_API.firstHit, { id: site.id }),
    // Once a hit has come there is nothing more to wait for.
    refetchInterval: (q) => (q.state.data?.last_hit ? false : FIRST_HIT_POLL_MS),
    refetchIntervalInBackground: false,
  });
  const data = query.data;
  if (data?.last_hit)
    return (
      <div className="first-hit is-received" data-testid="first-hit-received" role="status">
        <CheckCircleFilled className="first-hit-icon" />
        <span>
          {t('siteAdmin.firstHit.received')}{' '}
          <Typography.Text code className="first-hit-page" data-testid="first-hit-page">
            {data.last_hit.url}
          </Typography.Text>{' '}
          (<RelativeTime value={data.last_hit.at} />)
        </span>
      </div>
    );
  return (
    <div className="first-hit" data-testid="first-hit-waiting">
      <div className="first-hit-line" role="status">
        <LoadingOutlined className="first-hit-icon" />
        <span>{t('siteAdmin.firstHit.waiting')}</span>
      </div>
      {data && data.dropped.length > 0 && <Dropped dropped={data.dropped} />}
      <details className="first-hit-why">
        <summary>{t('siteAdmin.firstHit.why')}</summary>
        <ul>
          <li>{t('siteAdmin.firstHit.tipPlace', { domain: site.domain })}</li>
          <li>{t('siteAdmin.firstHit.tipBot')}</li>
          <li>{t('siteAdmin.firstHit.tipRules')}</li>
          <li>{t('siteAdmin.firstHit.tipBlocker')}</li>
          <li>{t('siteAdmin.firstHit.tipCounted')}</li>
        </ul>
      </details>
    </div>
  );
}

/** The hits the server received but did not count, by reason (kept in its memory, see the contract). */
function Dropped({ dropped }: { dropped: FirstHit['dropped'] }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="first-hit-dropped"
      title={t('siteAdmin.firstHit.dropped', { minutes: HIT_DROP_WINDOW_MINUTES })}
      description={
        <ul className="first-hit-reasons">
          {dropped.map((d) => (
            <li key={d.reason} data-reason={d.reason}>
              {t(`siteAdmin.firstHit.reason.${d.reason}`)} ×{d.count}
            </li>
          ))}
        </ul>
      }
    />
  );
}
