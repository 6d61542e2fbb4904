import '../messages';
import '../finance.css';
import { FINANCE_PATHS, WITHDRAWAL_STATUSES, type WithdrawalRow } from '@tally/contracts';
import { Button, Card, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { formatDate } from '../../../lib/formatters';
import { fetchWithdrawals, useFinanceAction } from '../api';
import { Mono, RecordFilters, StatusTag, Usdt, useAskDialog, useTotalText } from '../components/records';

const KEY = ['finance-withdrawals'] as const;
type Filters = Record<'user' | 'address' | 'tx' | 'status' | 'from' | 'to', string | undefined>;

/** /finance/withdrawal 提现记录: approve, reject with a reason (the hold goes back), mark paid with a tx hash. */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const list = useResourceList<WithdrawalRow, Filters, string>({
    key: KEY,
    fetch: fetchWithdrawals,
    filters: {
      user: 'string',
      address: 'string',
      tx: 'string',
      status: 'string',
      from: 'string',
      to: 'string',
    },
    sort: '-id',
  });
  const act = useFinanceAction(KEY);
  const { ask, dialog } = useAskDialog();
  const reject = (row: WithdrawalRow) =>
    ask(t('finance.rejectTitle', { id: row.id }), [{ name: 'reason', label: t('finance.reason') }], (v) =>
      act(FINANCE_PATHS.withdrawals.reject, { id: row.id, reason: v.reason }),
    );
  const markPaid = (row: WithdrawalRow) =>
    ask(t('finance.paidTitle', { id: row.id }), [{ name: 'tx_id', label: t('finance.txId') }], (v) =>
      act(FINANCE_PATHS.withdrawals.markPaid, { id: row.id, tx_id: v.tx_id }),
    );
  const columns: ResourceColumns<WithdrawalRow> = [
    {
      title: t('finance.created'),
      dataIndex: 'created_at',
      width: 170,
      render: (d: string) => formatDate(d),
    },
    { title: t('finance.user'), dataIndex: 'username' },
    { title: t('finance.amount'), dataIndex: 'amount', render: (a: string) => <Usdt value={a} /> },
    { title: t('finance.fee'), dataIndex: 'fee', render: (a: string) => <Usdt value={a} /> },
    {
      title: t('finance.address'),
      dataIndex: 'address',
      width: 180,
      render: (x: string) => <Mono text={x} />,
    },
    { title: t('finance.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    { title: t('finance.reason'), dataIndex: 'reason', ellipsis: true, render: (r: string) => r || '—' },
    {
      title: t('finance.txId'),
      dataIndex: 'tx_id',
      width: 160,
      render: (x: string | null) => <Mono text={x} />,
    },
    {
      title: t('finance.actions'),
      width: 180,
      render: (_: unknown, row) => (
        <Space size={0}>
          {row.status === 'pending' && (
            <Popconfirm
              title={t('finance.confirmApprove')}
              onConfirm={() => act(FINANCE_PATHS.withdrawals.approve, { id: row.id }).catch(() => undefined)}
              okButtonProps={{ 'data-testid': 'approve-ok' } as Record<string, string>}
            >
              <Button type="link" size="small" data-testid={`approve-${row.id}`}>
                {t('finance.approve')}
              </Button>
            </Popconfirm>
          )}
          {row.status === 'approved' && (
            <Button type="link" size="small" onClick={() => markPaid(row)} data-testid={`paid-${row.id}`}>
              {t('finance.markPaid')}
            </Button>
          )}
          {(row.status === 'pending' || row.status === 'approved') && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => reject(row)}
              data-testid={`reject-${row.id}`}
            >
              {t('finance.reject')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card className="page-card" data-testid="withdrawals">
      <PageHeader title={t('finance.withdrawals')} />
      <RecordFilters
        list={list}
        statuses={WITHDRAWAL_STATUSES}
        texts={[
          { key: 'user', placeholder: t('finance.userSearch') },
          { key: 'address', placeholder: t('finance.address') },
          { key: 'tx', placeholder: t('finance.txId') },
        ]}
      />
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={1300}
        emptyText={t('finance.empty')}
        totalText={useTotalText(list)}
        data-testid="withdrawal-table"
      />
      {dialog}
    </Card>
  );
}
