import { displayUsdt, ORDER_STATUSES, type Order } from '@tally/contracts';
import type { TableProps } from 'antd';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import type { ResourceList } from '../../../components/resource-table/use-resource-list';
import { formatDate } from '../../../lib/formatters';
import { planName } from './plan-text';

const STATUS_COLORS = { pending: 'orange', paid: 'green', cancelled: 'default', refunded: 'purple' } as const;

/** The columns 我的订单 and 交易订单 share; the admin page adds the user and its actions. */
export function orderColumns(t: TFunction, language: string): ResourceColumns<Order> {
  return [
    { title: t('billing.no'), dataIndex: 'no', width: 190 },
    {
      title: t('billing.plan'),
      key: 'plan',
      render: (_: unknown, o: Order) =>
        `${planName({ name_zh: o.plan_name_zh, name_en: o.plan_name_en }, language)} · ${t(`billing.periods.${o.period}`)}`,
    },
    {
      title: t('billing.total'),
      dataIndex: 'total',
      sortKey: 'total',
      render: (total: string) => `${displayUsdt(total)} USDT`,
    },
    {
      title: t('billing.status'),
      dataIndex: 'status',
      render: (s: Order['status']) => (
        <Tag color={STATUS_COLORS[s]} data-testid="order-status">
          {t(`billing.statuses.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('billing.created'),
      dataIndex: 'created_at',
      sortKey: 'id',
      width: 170,
      render: (v: string) => formatDate(v),
    },
    {
      title: t('billing.paidAt'),
      dataIndex: 'paid_at',
      width: 170,
      render: (v: string | null) => (v ? formatDate(v) : '—'),
    },
  ];
}

/** The status filter's options, in both lists. */
export const statusOptions = (t: TFunction) =>
  ORDER_STATUSES.map((s) => ({ value: s, label: t(`billing.statuses.${s}`) }));

/** The orders table of both lists: server paging, the shared empty and total texts. */
export function OrdersTable({
  list,
  columns,
  scrollX,
  expandable,
  ...rest
}: {
  // biome-ignore lint/suspicious/noExplicitAny: both lists' filters differ; the table reads only paging
  list: ResourceList<Order, any, any>;
  columns: ResourceColumns<Order>;
  scrollX: number;
  expandable?: TableProps<Order>['expandable'];
  'data-testid': string;
}) {
  const { t } = useTranslation();
  return (
    <ResourceTable
      list={list}
      columns={columns}
      scrollX={scrollX}
      emptyText={t('billing.empty')}
      totalText={(n) => t('billing.totalCount', { count: n })}
      expandable={expandable}
      data-testid={rest['data-testid']}
    />
  );
}
