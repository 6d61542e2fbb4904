import '../messages';
import '../finance.css';
import { ADMIN_FINANCE_API, TRANSFER_SORTS, TRANSFER_STATUSES, type UsdtTransferRow } from '@tally/contracts';
import { Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceColumns } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { formatDate } from '../../../lib/formatters';
import { fetchTransfers, type TransferFilters, type TransferSort, useFinanceAction } from '../api';
import { Mono, RecordsCard, StatusTag, Usdt, useAskDialog } from '../components/records';

const KEY = ['finance-transfers'] as const;

/** /finance/usdtTransfer USDT转账记录: every incoming transfer; unmatched ones are assigned here (once, audited). */
export default function UsdtTransferPage() {
  const { t } = useTranslation();
  const list = useResourceList<UsdtTransferRow, TransferFilters, TransferSort>({
    key: KEY,
    fetch: fetchTransfers,
    filters: { address: 'string', tx: 'string', status: TRANSFER_STATUSES, from: 'string', to: 'string' },
    sort: '-block_time',
    sorts: TRANSFER_SORTS,
  });
  const act = useFinanceAction(KEY);
  const { ask, dialog } = useAskDialog();
  const assign = (row: UsdtTransferRow) =>
    ask(
      t('finance.assignTitle', { id: row.id }),
      [
        { name: 'recharge_id', label: t('finance.rechargeId'), required: false },
        { name: 'user_id', label: t('finance.userId'), required: false },
        { name: 'reason', label: t('finance.reason') },
      ],
      (v) =>
        act(ADMIN_FINANCE_API.transfersAssign, {
          id: row.id,
          reason: v.reason,
          ...(v.recharge_id ? { recharge_id: v.recharge_id } : {}),
          ...(v.user_id ? { user_id: v.user_id } : {}),
        }),
    );
  const columns: ResourceColumns<UsdtTransferRow> = [
    {
      title: t('finance.blockTime'),
      dataIndex: 'block_time',
      sortKey: 'block_time',
      width: 170,
      render: (d: string) => formatDate(d),
    },
    { title: t('finance.txId'), dataIndex: 'tx_id', width: 200, render: (x: string) => <Mono text={x} /> },
    { title: t('finance.to'), dataIndex: 'to_address', width: 200, render: (x: string) => <Mono text={x} /> },
    {
      title: t('finance.amount'),
      dataIndex: 'amount',
      sortKey: 'amount',
      render: (a: string) => <Usdt value={a} />,
    },
    { title: t('finance.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    {
      title: t('finance.recharge'),
      dataIndex: 'recharge_id',
      render: (id: number | null, row) =>
        id ? `#${id}` : row.user_id ? `${t('finance.user')} #${row.user_id}` : '—',
    },
    {
      title: t('finance.actions'),
      width: 90,
      render: (_: unknown, row) =>
        row.status === 'unmatched' ? (
          <Button type="link" size="small" onClick={() => assign(row)} data-testid={`assign-${row.id}`}>
            {t('finance.assign')}
          </Button>
        ) : null,
    },
  ];
  return (
    <RecordsCard
      testId="transfer"
      title={t('finance.transfers')}
      actions={
        <Button
          onClick={() => void act(ADMIN_FINANCE_API.transfersSync, undefined).catch(() => undefined)}
          data-testid="transfers-sync"
        >
          {t('finance.sync')}
        </Button>
      }
      list={list}
      statuses={TRANSFER_STATUSES}
      texts={[
        { key: 'address', placeholder: t('finance.to') },
        { key: 'tx', placeholder: t('finance.txId') },
      ]}
      exportTo={ADMIN_FINANCE_API.transfersExport}
      columns={columns}
      scrollX={1100}
      expandable={{
        expandedRowRender: (row) => (
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('finance.txId')}>{row.tx_id}</Descriptions.Item>
            <Descriptions.Item label={t('finance.from')}>{row.from_address}</Descriptions.Item>
            <Descriptions.Item label={t('finance.to')}>{row.to_address}</Descriptions.Item>
            <Descriptions.Item label={t('finance.reason')}>{row.note || '—'}</Descriptions.Item>
          </Descriptions>
        ),
      }}
      dialog={dialog}
    />
  );
}
