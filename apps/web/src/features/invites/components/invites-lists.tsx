import {
  COMMISSION_STATUSES,
  type Commission,
  type CommissionStatus,
  displayUsdt,
  type Invitee,
} from '@tally/contracts';
import { Card, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OptionFilter } from '../../../components/resource-table/list-filters';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { formatDate } from '../../../lib/formatters';
import { COMMISSIONS_KEY, fetchCommissions, fetchInvitees, INVITEES_KEY } from '../api';

const SORTS = ['-id', 'id'] as const;
const STATUS_COLORS = {
  pending: 'orange',
  credited: 'green',
  cancelled: 'default',
  reversed: 'purple',
} as const;
const usdt = (v: string) => `${displayUsdt(v)} USDT`;
const time = (v: string | null) => (v ? formatDate(v) : '—');

function InviteesTable() {
  const { t } = useTranslation();
  const list = useResourceList<Invitee, Record<string, never>, (typeof SORTS)[number]>({
    key: INVITEES_KEY,
    fetch: (query) => fetchInvitees(query),
    sort: '-id',
    sorts: SORTS,
  });
  const columns: ResourceColumns<Invitee> = [
    { title: t('invites.user'), dataIndex: 'username', userContent: true },
    { title: t('invites.email'), dataIndex: 'email', userContent: true },
    { title: t('invites.joined'), dataIndex: 'joined_at', sortKey: 'id', width: 170, render: time },
    { title: t('invites.paidTotal'), dataIndex: 'paid_total', render: usdt },
  ];
  return (
    <ResourceTable
      list={list}
      columns={columns}
      scrollX={640}
      emptyText={t('invites.inviteesEmpty')}
      totalText={(n) => t('invites.inviteesCount', { count: n })}
      data-testid="invitees-table"
    />
  );
}

function CommissionsTable() {
  const { t } = useTranslation();
  const list = useResourceList<Commission, { status: CommissionStatus | undefined }, (typeof SORTS)[number]>({
    key: COMMISSIONS_KEY,
    fetch: (query) => fetchCommissions(query),
    filters: { status: COMMISSION_STATUSES },
    sort: '-id',
    sorts: SORTS,
  });
  const columns: ResourceColumns<Commission> = [
    { title: t('invites.user'), dataIndex: 'invitee' },
    { title: t('invites.orderTotal'), dataIndex: 'order_total', render: usdt },
    { title: t('invites.rate'), dataIndex: 'rate', width: 80, render: (r: number) => `${r}%` },
    { title: t('invites.amount'), dataIndex: 'amount', render: usdt },
    {
      title: t('invites.status'),
      dataIndex: 'status',
      render: (s: CommissionStatus, c: Commission) => (
        <>
          <Tag color={STATUS_COLORS[s]} data-testid="commission-status">
            {t(`invites.statuses.${s}`)}
          </Tag>
          {s === 'reversed' && (
            <div className="invites-note">
              {t('invites.reversed', { amount: displayUsdt(c.reversed) })}
              {c.unrecovered !== '0' &&
                `, ${t('invites.unrecovered', { amount: displayUsdt(c.unrecovered) })}`}
            </div>
          )}
        </>
      ),
    },
    { title: t('invites.due'), dataIndex: 'due_at', width: 170, render: time },
    { title: t('invites.creditedAt'), dataIndex: 'credited_at', width: 170, render: time },
    { title: t('invites.created'), dataIndex: 'created_at', sortKey: 'id', width: 170, render: time },
  ];
  return (
    <>
      <div className="list-toolbar">
        <OptionFilter
          list={list}
          name="status"
          placeholder={t('invites.allStatuses')}
          options={COMMISSION_STATUSES.map((s) => ({ value: s, label: t(`invites.statuses.${s}`) }))}
        />
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={1100}
        emptyText={t('invites.commissionsEmpty')}
        totalText={(n) => t('invites.commissionsCount', { count: n })}
        data-testid="commissions-table"
      />
    </>
  );
}

/**
 * Invitees and commission records as tabs: each list keeps its page and filters in the URL, so only
 * the open tab is mounted and a change of tab starts the other list afresh.
 */
export function InvitesLists() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'commissions' ? 'commissions' : 'invitees';
  return (
    <Card className="page-card" data-testid="invites-lists">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'invitees' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'invitees', label: t('invites.tabInvitees'), children: <InviteesTable /> },
          { key: 'commissions', label: t('invites.tabCommissions'), children: <CommissionsTable /> },
        ]}
      />
    </Card>
  );
}
