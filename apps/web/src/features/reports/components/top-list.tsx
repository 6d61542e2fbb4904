import { Empty, List, Progress } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMetric } from '../model/format';

export interface TopItem {
  key: string;
  label: ReactNode;
  value: number;
  /** 0..1 share of the whole. */
  ratio: number;
}

/** A short ranked list (top pages, referrers, areas) with each entry's share. */
export function TopList({ items, metric, testId }: { items: TopItem[]; metric: string; testId?: string }) {
  const { t } = useTranslation();
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.empty')} />;
  return (
    <List
      className="top-list"
      size="small"
      dataSource={items}
      data-testid={testId}
      renderItem={(item) => (
        <List.Item>
          <span className="top-list-key" title={item.key}>
            {item.label}
          </span>
          <span className="top-list-value">{formatMetric(metric, item.value)}</span>
          <Progress
            className="top-list-share"
            percent={Math.round(item.ratio * 1000) / 10}
            size="small"
            style={{ width: 90, margin: 0 }}
            // A progressbar needs a name (axe: aria-progressbar-name): the entry it measures.
            // In the reader's language where the label is text (江苏省 reads Jiangsu in English).
            aria-label={typeof item.label === 'string' ? item.label : item.key}
          />
        </List.Item>
      )}
    />
  );
}
