import '../messages';
import '../finance.css';
import {
  ADMIN_FINANCE_API,
  WITHDRAWAL_SORTS,
  WITHDRAWAL_STATUSES,
  type WithdrawalRow,
} from '@tally/contracts';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceColumns } from '../../../components/resource-table/resource-table';
import { UserText } from '../../../components/user-text';
import { formatDate } from '../../../lib/formatters';
import { fetchWithdrawals } from '../api';
import { Mono, RecordsCard, StatusTag, Usdt, usePeopleRecords } from '../components/records';

const KEY = ['finance-withdrawals'] as const;

/** /finance/withdrawal 提现记录: approve, reject with a reason (the hold goes back), mark paid with a tx hash. */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const { list, texts, act, ask, dialog } = usePeopleRecords(
    KEY,
    fetchWithdrawals,
    WITHDRAWAL_STATUSES,
    WITHDRAWAL_SORTS,
  );
  const reject = (row: WithdrawalRow) =>
    ask(t('finance.rejectTitle', { id: row.id }), [{ name: 'reason', label: t('finance.reason') }], (v) =>
      act(ADMIN_FINANCE_API.withdrawalsReject, { id: row.id, reason: v.reason }),
    );
  const markPaid = (row: WithdrawalRow) =>
    ask(t('finance.paidTitle', { id: row.id }), [{ name: 'tx_id', label: t('finance.txId') }], (v) =>
      act(ADMIN_FINANCE_API.withdrawalsMarkPaid, { id: row.id, tx_id: v.tx_id }),
    );
  const columns: ResourceColumns<WithdrawalRow> = [
    {
      title: t('finance.created'),
      dataIndex: 'created_at',
      // Ids grow with creation: the newest first is the newest id first.
      sortKey: 'id',
      width: 170,
      render: (d: string) => formatDate(d),
    },
    { title: t('finance.user'), dataIndex: 'username', userContent: true },
    {
      title: t('finance.amount'),
      dataIndex: 'amount',
      sortKey: 'amount',
      render: (a: string) => <Usdt value={a} />,
    },
    { title: t('finance.fee'), dataIndex: 'fee', render: (a: string) => <Usdt value={a} /> },
    {
      title: t('finance.address'),
      dataIndex: 'address',
      width: 180,
      render: (x: string) => <Mono text={x} />,
    },
    {
      title: t('finance.status'),
      dataIndex: 'status',
      width: 150,
      // A paid hash is checked through TronGrid; until the chain shows it, the watcher keeps checking.
      render: (s: string, row) => (
        <Space size={4} wrap>
          <StatusTag status={s} />
          {s === 'paid' &&
            (row.chain_verified_at ? (
              <Tag color="green" data-testid={`chain-verified-${row.id}`}>
                {t('finance.chainVerified')}
              </Tag>
            ) : (
              <Tag color="orange" data-testid={`chain-unverified-${row.id}`}>
                {t('finance.chainUnverified')}
              </Tag>
            ))}
        </Space>
      ),
    },
    {
      title: t('finance.reason'),
      dataIndex: 'reason',
      ellipsis: true,
      render: (r: string) => (r ? <UserText>{r}</UserText> : '—'),
    },
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
              onConfirm={() =>
                act(ADMIN_FINANCE_API.withdrawalsApprove, { id: row.id }).catch(() => undefined)
              }
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
    <RecordsCard
      testId="withdrawal"
      title={t('finance.withdrawals')}
      list={list}
      statuses={WITHDRAWAL_STATUSES}
      texts={texts}
      columns={columns}
      scrollX={1300}
      dialog={dialog}
      exportTo={ADMIN_FINANCE_API.withdrawalsExport}
    />
  );
}
