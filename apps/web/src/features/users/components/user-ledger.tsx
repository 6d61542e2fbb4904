import { displayUsdt, LEDGER_KIND_LABELS, type LedgerEntryRow } from '@tally/contracts';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/formatters';
import { useAppStore } from '../../../stores/app';
import { useUserLedger } from '../api';

/** The drawer's 资金明细: the user's entries, ten a page, newest first. */
export function UserLedger({ id }: { id: number }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const [page, setPage] = useState(1);
  const ledger = useUserLedger(id, page);
  return (
    <Table<LedgerEntryRow>
      rowKey="id"
      size="small"
      loading={ledger.isLoading}
      dataSource={ledger.data?.list ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('adminUsers.drawer.noLedger') }}
      pagination={{
        current: page,
        pageSize: 10,
        total: ledger.data?.total ?? 0,
        size: 'small',
        onChange: setPage,
      }}
      columns={[
        {
          title: t('adminUsers.drawer.time'),
          dataIndex: 'created_at',
          render: (at: string) => formatDate(at),
        },
        {
          title: t('adminUsers.drawer.kind'),
          dataIndex: 'kind',
          render: (k: LedgerEntryRow['kind']) => LEDGER_KIND_LABELS[k][language],
        },
        {
          title: t('adminUsers.balance.amount'),
          dataIndex: 'amount',
          align: 'right',
          render: (a: string) => `${a.startsWith('-') ? '' : '+'}${displayUsdt(a)}`,
        },
        {
          title: t('adminUsers.col.balance'),
          dataIndex: 'balance_after',
          align: 'right',
          render: (b: string) => displayUsdt(b),
        },
        { title: t('adminUsers.balance.reason'), dataIndex: 'note' },
      ]}
      data-testid="users-ledger"
    />
  );
}
