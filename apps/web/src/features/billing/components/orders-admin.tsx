import { ORDER_STATUSES, type Order, type OrderStatus } from '@tally/contracts';
import { Button, DatePicker, Descriptions, Input, Modal, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceTable } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { confirmDanger } from '../../../lib/confirm';
import { formatDate } from '../../../lib/formatters';
import { fetchAdminOrders, ORDERS_KEY, useAdminPlans, useOrderAction } from '../api/billing';
import { orderColumns } from './order-columns';
import { planName } from './plan-text';

type Filters = {
  status: OrderStatus | undefined;
  user: string | undefined;
  plan_id: number | undefined;
  no: string | undefined;
  from: string | undefined;
  to: string | undefined;
};
const SORTS = ['-id', 'id', '-total', 'total'] as const;
const DAY = 'YYYY-MM-DD';

/** 交易订单: every order, filtered by status, user, plan, days and number; detail, cancel, refund. */
export function OrdersAdmin() {
  const { t, i18n } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  // A ref, not state: the confirm dialog's input outlives the render that opened it.
  const note = useRef('');
  const plans = useAdminPlans();
  const list = useResourceList<Order, Filters, (typeof SORTS)[number]>({
    key: [...ORDERS_KEY, 'admin'],
    fetch: (query) => fetchAdminOrders(query),
    filters: {
      status: ORDER_STATUSES,
      user: 'string',
      plan_id: 'number',
      no: 'string',
      from: 'string',
      to: 'string',
    },
    sort: '-id',
    sorts: SORTS,
  });
  const cancel = useOrderAction('adminCancel');
  const refund = useOrderAction('refund');
  const { from, to } = list.filters;
  const askRefund = async (o: Order) => {
    note.current = '';
    const ok = await confirmDanger(
      modal,
      t('billing.refundQuestion', { total: o.total }),
      t('billing.refund'),
      <Input
        placeholder={t('billing.refundNote')}
        onChange={(e) => {
          note.current = e.target.value;
        }}
        data-testid="refund-note"
      />,
    );
    if (ok) refund.mutate({ id: o.id, note: note.current });
  };
  const columns = [
    { title: t('billing.user'), dataIndex: 'username', key: 'user' },
    ...orderColumns(t, i18n.language),
    {
      title: t('billing.actions'),
      key: 'actions',
      render: (_: unknown, o: Order) => (
        <Space>
          {o.status === 'pending' && (
            <Button
              size="small"
              onClick={async () => {
                if (await confirmDanger(modal, t('billing.cancelQuestion'), t('billing.cancel')))
                  cancel.mutate({ id: o.id });
              }}
            >
              {t('billing.cancel')}
            </Button>
          )}
          {o.status === 'paid' && (
            <Button size="small" danger onClick={() => askRefund(o)} data-testid="order-refund">
              {t('billing.refund')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      {modalHolder}
      <div className="list-toolbar">
        <Select<OrderStatus>
          allowClear
          className="list-search"
          placeholder={t('billing.allStatuses')}
          value={list.filters.status}
          onChange={(status) => list.setFilters({ status })}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`billing.statuses.${s}`) }))}
          data-testid="orders-status"
        />
        <Input.Search
          allowClear
          className="list-search"
          placeholder={t('billing.userSearch')}
          defaultValue={list.filters.user}
          onSearch={(user) => list.setFilters({ user: user.trim() || undefined })}
          data-testid="orders-user"
        />
        <Select<number>
          allowClear
          className="list-search"
          placeholder={t('billing.allPlans')}
          value={list.filters.plan_id}
          onChange={(plan_id) => list.setFilters({ plan_id })}
          options={(plans.data ?? []).map((p) => ({ value: p.id, label: planName(p, i18n.language) }))}
        />
        <Input.Search
          allowClear
          className="list-search"
          placeholder={t('billing.noSearch')}
          defaultValue={list.filters.no}
          onSearch={(no) => list.setFilters({ no: no.trim() || undefined })}
        />
        <DatePicker.RangePicker
          className="list-search"
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(days) =>
            list.setFilters({
              from: days?.[0]?.format(DAY) ?? undefined,
              to: days?.[1]?.format(DAY) ?? undefined,
            })
          }
        />
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={1100}
        emptyText={t('billing.empty')}
        totalText={(n) => t('billing.totalCount', { count: n })}
        expandable={{
          expandedRowRender: (o) => (
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              title={t('billing.detail')}
              data-testid="order-detail"
            >
              <Descriptions.Item label={t('billing.quote.price')}>{o.price} USDT</Descriptions.Item>
              <Descriptions.Item label={t('billing.quote.discount')}>
                {o.discount} USDT {o.coupon_code ? `(${o.coupon_code})` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('billing.quote.credit')}>{o.credit} USDT</Descriptions.Item>
              <Descriptions.Item label={t('billing.quote.kinds.new')}>
                {t(`billing.quote.kinds.${o.kind}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('billing.expires')}>
                {o.expires_at ? formatDate(o.expires_at) : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('billing.statuses.refunded')}>
                {o.refunded_at
                  ? formatDate(o.refunded_at)
                  : o.cancelled_at
                    ? formatDate(o.cancelled_at)
                    : '—'}
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
        data-testid="orders-table"
      />
    </>
  );
}
