import { ADMIN_ORDER_API, ORDER_STATUSES, type Order, type OrderStatus } from '@tally/contracts';
import { Button, Descriptions, Input, Modal, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter } from '../../../components/resource-table/day-range-filter';
import { ExportButton } from '../../../components/resource-table/export-button';
import { OptionFilter, TextFilter } from '../../../components/resource-table/list-filters';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { userCell } from '../../../components/user-text';
import { confirmDanger } from '../../../lib/confirm';
import { formatDate } from '../../../lib/formatters';
import { fetchAdminOrders, ORDERS_KEY, useAdminPlans, useOrderAction } from '../api';
import { OrdersTable, orderColumns, statusOptions } from './order-columns';
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
  const askRefund = async (o: Order) => {
    note.current = '';
    const ok = await confirmDanger(
      modal,
      t('billing.refundQuestion', { total: o.total }),
      t('billing.refund'),
      <Input
        placeholder={t('billing.refundNote')}
        aria-label={t('billing.refundNote')}
        onChange={(e) => {
          note.current = e.target.value;
        }}
        data-testid="refund-note"
      />,
    );
    if (ok) refund.mutate({ id: o.id, note: note.current });
  };
  const columns = [
    { title: t('billing.user'), dataIndex: 'username', key: 'user', onCell: userCell },
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
        <OptionFilter
          list={list}
          name="status"
          placeholder={t('billing.allStatuses')}
          options={statusOptions(t)}
          data-testid="orders-status"
        />
        <TextFilter list={list} name="user" placeholder={t('billing.userSearch')} data-testid="orders-user" />
        <OptionFilter
          list={list}
          name="plan_id"
          placeholder={t('billing.allPlans')}
          options={(plans.data ?? []).map((p) => ({ value: p.id, label: planName(p, i18n.language) }))}
        />
        <TextFilter list={list} name="no" placeholder={t('billing.noSearch')} />
        <DayRangeFilter
          from={list.filters.from}
          to={list.filters.to}
          onChange={(days) => list.setFilters(days)}
        />
        <ExportButton endpoint={ADMIN_ORDER_API.export} query={list.query} data-testid="orders-export" />
      </div>
      <OrdersTable
        list={list}
        columns={columns}
        scrollX={1100}
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
