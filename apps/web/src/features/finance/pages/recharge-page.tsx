import '../messages';
import '../finance.css';
import { ADMIN_FINANCE_API, RECHARGE_SORTS, RECHARGE_STATUSES, type RechargeRow } from '@tally/contracts';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceColumns } from '../../../components/resource-table/resource-table';
import { formatDate } from '../../../lib/formatters';
import { fetchRecharges } from '../api';
import { Mono, RecordsCard, StatusTag, Usdt, usePeopleRecords } from '../components/records';

const KEY = ['finance-recharges'] as const;

/** /finance/recharge 充值记录: every recharge; mark paid (reason required, audited) or cancel. */
export default function RechargePage() {
  const { t } = useTranslation();
  const { list, texts, act, ask, dialog } = usePeopleRecords(
    KEY,
    fetchRecharges,
    RECHARGE_STATUSES,
    RECHARGE_SORTS,
  );
  const markPaid = (row: RechargeRow) =>
    ask(
      t('finance.markPaidTitle', { no: row.order_no }),
      [
        { name: 'reason', label: t('finance.reason') },
        { name: 'tx_id', label: t('finance.txId'), required: false },
      ],
      (v) =>
        act(ADMIN_FINANCE_API.rechargesMarkPaid, {
          id: row.id,
          reason: v.reason,
          ...(v.tx_id ? { tx_id: v.tx_id } : {}),
        }),
    );
  const columns: ResourceColumns<RechargeRow> = [
    { title: t('finance.orderNo'), dataIndex: 'order_no', width: 170 },
    { title: t('finance.user'), dataIndex: 'username', userContent: true },
    { title: t('finance.amount'), dataIndex: 'amount', render: (a: string) => <Usdt value={a} /> },
    {
      title: t('finance.payable'),
      dataIndex: 'payable',
      sortKey: 'payable',
      render: (a: string) => <Usdt value={a} />,
    },
    {
      title: t('finance.address'),
      dataIndex: 'address',
      width: 180,
      render: (x: string) => <Mono text={x} />,
    },
    { title: t('finance.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    {
      title: t('finance.txId'),
      dataIndex: 'tx_id',
      width: 160,
      render: (x: string | null) => <Mono text={x} />,
    },
    {
      title: t('finance.created'),
      dataIndex: 'created_at',
      // Ids grow with creation: the newest first is the newest id first.
      sortKey: 'id',
      width: 170,
      render: (d: string) => formatDate(d),
    },
    {
      title: t('finance.actions'),
      width: 170,
      render: (_: unknown, row) =>
        row.status === 'paid' ? null : (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => markPaid(row)}
              data-testid={`mark-paid-${row.id}`}
            >
              {t('finance.markPaid')}
            </Button>
            {row.status !== 'cancelled' && (
              <Popconfirm
                title={t('finance.confirmCancel')}
                onConfirm={() =>
                  act(ADMIN_FINANCE_API.rechargesCancel, { id: row.id }).catch(() => undefined)
                }
              >
                <Button type="link" size="small" danger>
                  {t('finance.cancelRecharge')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
    },
  ];
  return (
    <RecordsCard
      testId="recharge"
      title={t('finance.recharges')}
      list={list}
      statuses={RECHARGE_STATUSES}
      texts={texts}
      columns={columns}
      scrollX={1300}
      dialog={dialog}
      exportTo={ADMIN_FINANCE_API.rechargesExport}
    />
  );
}
