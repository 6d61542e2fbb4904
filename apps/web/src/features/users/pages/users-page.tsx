import { PlusOutlined } from '@ant-design/icons';
import {
  ADMIN_USER_SORTS,
  type AdminUserListQuery,
  type AdminUserRow,
  USER_ROLES,
  USER_STATUSES,
} from '@tally/contracts';
import { Button, Card, DatePicker, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ListSearch } from '../../../components/resource-table/list-search';
import { ResourceTable } from '../../../components/resource-table/resource-table';
import { type ListQuery, useResourceList } from '../../../components/resource-table/use-resource-list';
import { fetchUsers, USERS_KEY } from '../api/admin-users';
import { ExportUsersButton } from '../components/export-users-button';
import { useUserColumns } from '../components/user-columns';
import { type UserDialog, UserDialogs } from '../components/user-dialogs';
import '../messages';

type Sort = (typeof ADMIN_USER_SORTS)[number];
type Filters = {
  role: string | undefined;
  status: string | undefined;
  from: string | undefined;
  to: string | undefined;
  has_balance: string | undefined;
};

const DAY = 'YYYY-MM-DD';
const fetchPage = (query: ListQuery<Filters, Sort>) => fetchUsers(query as AdminUserListQuery);

/** /users/users 用户管理: find, create, edit, ban, reset passwords, adjust balances, read one account. */
export default function UsersPage() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<UserDialog>();
  const list = useResourceList<AdminUserRow, Filters, Sort>({
    key: USERS_KEY,
    fetch: fetchPage,
    filters: {
      role: [...USER_ROLES],
      status: [...USER_STATUSES],
      from: 'string',
      to: 'string',
      has_balance: ['1', '0'],
    },
    sort: '-id',
    sorts: ADMIN_USER_SORTS,
  });
  const columns = useUserColumns({ modal, open: setDialog });
  const { from, to } = list.filters;
  const { page: _page, limit: _limit, ...filters } = list.query;
  return (
    <Card className="page-card" data-testid="users-page">
      {modalHolder}
      <PageHeader title={t('adminUsers.title')} />
      <div className="list-toolbar users-toolbar">
        <ListSearch list={list} placeholder={t('adminUsers.search')} data-testid="users-search" />
        <Select<string>
          allowClear
          placeholder={t('adminUsers.allRoles')}
          value={list.filters.role}
          onChange={(role) => list.setFilters({ role })}
          options={USER_ROLES.map((r) => ({ value: r, label: t(`adminUsers.roles.${r}`) }))}
          data-testid="users-role"
        />
        <Select<string>
          allowClear
          placeholder={t('adminUsers.allStatuses')}
          value={list.filters.status}
          onChange={(status) => list.setFilters({ status })}
          options={USER_STATUSES.map((s) => ({ value: s, label: t(`adminUsers.status.${s}`) }))}
          data-testid="users-status"
        />
        <Select<string>
          allowClear
          placeholder={t('adminUsers.anyBalance')}
          value={list.filters.has_balance}
          onChange={(has_balance) => list.setFilters({ has_balance })}
          options={[
            { value: '1', label: t('adminUsers.withBalance') },
            { value: '0', label: t('adminUsers.withoutBalance') },
          ]}
          data-testid="users-balance"
        />
        <DatePicker.RangePicker
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(days) =>
            list.setFilters({
              from: days?.[0]?.format(DAY) ?? undefined,
              to: days?.[1]?.format(DAY) ?? undefined,
            })
          }
          data-testid="users-days"
        />
        <div className="users-actions">
          <ExportUsersButton filters={filters} />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'form' })}
            data-testid="users-create"
          >
            {t('adminUsers.create')}
          </Button>
        </div>
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        emptyText={t('adminUsers.empty')}
        totalText={(total) => t('adminUsers.total', { count: total })}
        data-testid="users-table"
      />
      <UserDialogs dialog={dialog} modal={modal} onClose={() => setDialog(undefined)} onOpen={setDialog} />
    </Card>
  );
}
