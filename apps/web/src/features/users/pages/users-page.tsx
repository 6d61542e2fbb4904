import { PlusOutlined } from '@ant-design/icons';
import {
  ADMIN_USER_API,
  ADMIN_USER_SORTS,
  type AdminUserRow,
  type AdminUserSort,
  USER_ROLES,
  USER_STATUSES,
  type UserRole,
  type UserStatus,
} from '@tally/contracts';
import { Button, Card, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { DayRangeFilter } from '../../../components/resource-table/day-range-filter';
import { ExportButton } from '../../../components/resource-table/export-button';
import { ListSearch } from '../../../components/resource-table/list-search';
import { ResourceTable } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { fetchUsers, USERS_KEY, type UserFilters } from '../api';
import { useUserColumns } from '../components/user-columns';
import type { UserDialog } from '../components/user-dialog';
import { UserDialogs } from '../components/user-dialogs';
import '../messages';

const HAS_BALANCE = ['1', '0'] as const;

/** /users/users 用户管理: find, create, edit, ban, reset passwords, adjust balances, read one account. */
export default function UsersPage() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<UserDialog>();
  const list = useResourceList<AdminUserRow, UserFilters, AdminUserSort>({
    key: USERS_KEY,
    fetch: fetchUsers,
    filters: {
      role: [...USER_ROLES],
      status: [...USER_STATUSES],
      from: 'string',
      to: 'string',
      has_balance: HAS_BALANCE,
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
        <Select<UserRole>
          allowClear
          placeholder={t('adminUsers.allRoles')}
          aria-label={t('adminUsers.allRoles')}
          value={list.filters.role}
          onChange={(role) => list.setFilters({ role })}
          options={USER_ROLES.map((r) => ({ value: r, label: t(`adminUsers.roles.${r}`) }))}
          data-testid="users-role"
        />
        <Select<UserStatus>
          allowClear
          placeholder={t('adminUsers.allStatuses')}
          aria-label={t('adminUsers.allStatuses')}
          value={list.filters.status}
          onChange={(status) => list.setFilters({ status })}
          options={USER_STATUSES.map((s) => ({ value: s, label: t(`adminUsers.status.${s}`) }))}
          data-testid="users-status"
        />
        <Select<UserFilters['has_balance']>
          allowClear
          placeholder={t('adminUsers.anyBalance')}
          aria-label={t('adminUsers.anyBalance')}
          value={list.filters.has_balance}
          onChange={(has_balance) => list.setFilters({ has_balance })}
          options={[
            { value: '1', label: t('adminUsers.withBalance') },
            { value: '0', label: t('adminUsers.withoutBalance') },
          ]}
          data-testid="users-balance"
        />
        <DayRangeFilter from={from} to={to} onChange={list.setFilters} data-testid="users-days" />
        <div className="users-actions">
          <ExportButton endpoint={ADMIN_USER_API.export} query={filters} data-testid="users-export" />
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
