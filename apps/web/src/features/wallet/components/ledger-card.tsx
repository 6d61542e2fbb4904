import {
  displayUsdt,
  LEDGER_ACCOUNTS,
  LEDGER_KINDS,
  LEDGER_SORTS,
  type LedgerAccount,
  type LedgerEntryRow,
  type LedgerKind,
  WALLET_API,
} from '@tally/contracts';
import { Card, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter } from '../../../components/resource-table/day-range-filter';
import { ExportButton } from '../../../components/resource-table/export-button';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { UserText } from '../../../components/user-text';
import { formatDate } from '../../../lib/formatters';
import { fetchLedger, LEDGER_KEY } from '../api';

type Sort = (typeof LEDGER_SORTS)[number];
type Filters = {
  kind: LedgerKind | undefined;
  account: LedgerAccount | undefined;
  from: string | undefined;
  to: string | undefined;
};

/** 资金明细: the user's own entries, paged on the server, with kind, account and day filters and a CSV export. */
export function LedgerCard() {
  const { t } = useTranslation();
  const list = useResourceList<LedgerEntryRow, Filters, Sort>({
    key: [...LEDGER_KEY],
    fetch: fetchLedger,
    filters: { kind: [...LEDGER_KINDS], account: [...LEDGER_ACCOUNTS], from: 'string', to: 'string' },
    sort: '-id',
    sorts: LEDGER_SORTS,
  });
  const { from, to, kind, account } = list.filters;
  const columns: ResourceColumns<LedgerEntryRow> = [
    {
      title: t('wallet.time'),
      dataIndex: 'created_at',
      width: 170,
      render: (time: string) => formatDate(time),
    },
    { title: t('wallet.kind'), dataIndex: 'kind', render: (k: LedgerKind) => t(`wallet.kinds.${k}`) },
    {
      title: t('wallet.account'),
      dataIndex: 'account',
      render: (a: LedgerAccount) => t(`wallet.accounts.${a}`),
    },
    {
      title: t('wallet.change'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string) => (
        <span className={amount.startsWith('-') ? 'money-out' : 'money-in'}>
          {amount.startsWith('-') ? '' : '+'}
          {displayUsdt(amount)}
        </span>
      ),
    },
    {
      title: t('wallet.balanceAfter'),
      dataIndex: 'balance_after',
      align: 'right',
      render: (b: string) => displayUsdt(b),
    },
    {
      title: t('wallet.note'),
      dataIndex: 'note',
      ellipsis: { showTitle: true },
      render: (note: string) => (note ? <UserText>{note}</UserText> : '—'),
    },
  ];
  return (
    <Card className="page-card" title={t('wallet.ledger')} data-testid="wallet-ledger">
      <div className="list-toolbar">
        <Select<LedgerKind>
          allowClear
          className="list-search"
          placeholder={t('wallet.allKinds')}
          aria-label={t('wallet.allKinds')}
          value={kind}
          onChange={(next) => list.setFilters({ kind: next })}
          options={LEDGER_KINDS.map((k) => ({ value: k, label: t(`wallet.kinds.${k}`) }))}
          data-testid="ledger-kind"
        />
        <Select<LedgerAccount>
          allowClear
          className="list-search"
          placeholder={t('wallet.allAccounts')}
          aria-label={t('wallet.allAccounts')}
          value={account}
          onChange={(next) => list.setFilters({ account: next })}
          options={LEDGER_ACCOUNTS.map((a) => ({ value: a, label: t(`wallet.accounts.${a}`) }))}
          data-testid="ledger-account"
        />
        <DayRangeFilter from={from} to={to} onChange={list.setFilters} data-testid="ledger-days" />
        <ExportButton
          endpoint={WALLET_API.ledgerCsv}
          query={{ kind, account, from, to }}
          data-testid="ledger-export"
        />
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={760}
        emptyText={t('wallet.empty')}
        totalText={(total) => t('wallet.total', { count: total })}
        data-testid="ledger-table"
      />
    </Card>
  );
}
