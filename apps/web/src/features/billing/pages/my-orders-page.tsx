import '../messages';
import '../billing.css';
import { BILLING_API, ORDER_STATUSES, type Order, type OrderStatus } from '@tally/contracts';
import { Button, Card, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ExportButton } from '../../../components/resource-table/export-button';
import { OptionFilter } from '../../../components/resource-table/list-filters';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { confirmDanger } from '../../../lib/confirm';
import { fetchOwnOrders, ORDERS_KEY, useOrderAction } from '../api';
import { OrdersTable, orderColumns, statusOptions } from '../components/order-columns';

type Filters = { status: OrderStatus | undefined };
const SORTS = ['-id', 'id'] as const;

/** /user/orders 我的订单: the caller's own orders; an unpaid one can be paid or cancelled. */
export default function MyOrdersPage() {
  const { t, i18n } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const list = useResourceList<Order, Filters, (typeof SORTS)[number]>({
    key: ORDERS_KEY,
    fetch: (query) => fetchOwnOrders(query),
    filters: { status: ORDER_STATUSES },
    sort: '-id',
    sorts: SORTS,
  });
  const pay = useOrderAction('pay');
  const cancel = useOrderAction('cancel');
  const columns = [
    ...orderColumns(t, i18n.language),
    {
      title: t('billing.actions'),
      key: 'actions',
      render: (_: unknown, o: Order) =>
        o.status === 'pending' && (
          <Space>
            <Button
              size="small"
              type="primary"
              onClick={() => pay.mutate({ id: o.id })}
              data-testid="order-pay"
            >
              {t('billing.pay')}
            </Button>
            <Button
              size="small"
              onClick={async () => {
                if (await confirmDanger(modal, t('billing.cancelQuestion'), t('billing.cancel')))
                  cancel.mutate({ id: o.id });
              }}
              data-testid="order-cancel"
            >
              {t('billing.cancel')}
            </Button>
          </Space>
        ),
    },
  ];
  return (
    <Card className="page-card" data-testid="my-orders">
      {modalHolder}
      <PageHeader title={t('billing.myOrders')} />
      <div className="list-toolbar">
        <OptionFilter
          list={list}
          name="status"
          placeholder={t('billing.allStatuses')}
          options={statusOptions(t)}
        />
        <ExportButton endpoint={BILLING_API.ordersExport} query={list.query} data-testid="orders-export" />
      </div>
      <OrdersTable list={list} columns={columns} scrollX={900} data-testid="my-orders-table" />
    </Card>
  );
}
