import { EXACT_IP_DAYS, type IpTable } from '@tally/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { toThousands } from '../../../lib/formatters';

/**
 * Over periods longer than EXACT_IP_DAYS the IP table lists only each day's top addresses and their
 * figures are lower bounds, so the reader is told, with the estimated count of all addresses. Nothing
 * when the table is exact (`estimate` null).
 */
export function IpEstimateNotice({ estimate }: { estimate: IpTable['estimate'] }) {
  const { t } = useTranslation();
  if (!estimate) return null;
  return (
    <Alert
      className="report-notice"
      type="info"
      showIcon
      title={t('reports.ip.estimate', {
        days: EXACT_IP_DAYS,
        top: toThousands(estimate.top_per_day),
        addresses: toThousands(estimate.addresses),
      })}
      data-testid="ip-estimate-notice"
    />
  );
}
