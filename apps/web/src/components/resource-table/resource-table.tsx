import './resource-table.css';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addMessages } from '../../lib/messages';
import { userColumn } from '../user-text';
import type { ListFilters, ResourceList } from './use-resource-list';

// antd names the selection checkboxes in English ('Select all', 'Select row 1') whatever the locale.
addMessages({
  en: { resourceTable: { selectAll: 'Select all rows on this page', selectRow: 'Select this row' } },
  zh: { resourceTable: { selectAll: '全选本页', selectRow: '选中此行' } },
});

/**
 * A column the server can sort by: `sortKey` is the field of the contract's sort whitelist.
 * `userContent`: its cells are user data (names, titles…), marked as such (components/user-text.tsx).
 */
export type ResourceColumns<T> = (TableColumnsType<T>[number] & {
  sortKey?: string;
  userContent?: boolean;
})[];

export interface BatchDelete {
  /** The button, e.g. "Delete 3 selected". */
  label(count: number): string;
  /** Asks first (useConfirmedDelete does), deletes, and resolves with the ids that went. */
  remove(ids: number[]): Promise<readonly number[]>;
}

interface Props<T extends { id: number }, F extends ListFilters, S extends string> {
  list: ResourceList<T, F, S>;
  columns: ResourceColumns<T>;
  /** Shown when the page has no rows. */
  emptyText: string;
  /** "{count} items" beside the pager. */
  totalText?: (total: number) => string;
  /** Rows become selectable, and a selection can be deleted at once. */
  batchDelete?: BatchDelete;
  /** Wider tables scroll sideways inside the card (375px phones) instead of squeezing columns. */
  scrollX?: number | 'max-content';
  bordered?: boolean;
  /** A row's extra content, e.g. the before/after of an audit entry. */
  expandable?: TableProps<T>['expandable'];
  'data-testid': string;
}

const orderOf = (sort: string, key: string): SortOrder =>
  sort === key ? 'ascend' : sort === `-${key}` ? 'descend' : null;

/**
 * The table of a seed `fetch` list: server paging and sorting through the list's URL state,
 * selection with a confirmed batch delete, and an empty state in the list's own words.
 */
export function ResourceTable<T extends { id: number }, F extends ListFilters, S extends string>({
  list,
  columns,
  emptyText,
  totalText,
  batchDelete,
  scrollX = 'max-content',
  bordered,
  expandable,
  'data-testid': testId,
}: Props<T, F, S>) {
  const { t } = useTranslation();
  const { query, data, selected } = list;
  const sortable = columns.map(({ userContent, ...column }) => {
    const marked = userContent ? userColumn(column) : column;
    return column.sortKey
      ? { ...marked, sorter: true, sortOrder: orderOf(query.sort, column.sortKey) }
      : marked;
  });
  let batchBar: ReactNode = null;
  if (batchDelete && selected.length > 0) {
    batchBar = (
      <div className="resource-batch" data-testid={`${testId}-batch`}>
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={() => void batchDelete.remove(selected).then(list.deselect, () => undefined)}
        >
          {batchDelete.label(selected.length)}
        </Button>
      </div>
    );
  }
  return (
    <div className="resource-table">
      {batchBar}
      <Table<T>
        rowKey="id"
        size="middle"
        bordered={bordered}
        loading={list.loading}
        columns={sortable}
        dataSource={data?.list ?? []}
        scroll={{ x: scrollX }}
        expandable={expandable}
        locale={{ emptyText: <Empty description={emptyText} /> }}
        rowSelection={
          batchDelete
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => list.setSelected(keys as number[]),
                getTitleCheckboxProps: () => ({ 'aria-label': t('resourceTable.selectAll') }),
                getCheckboxProps: () => ({ 'aria-label': t('resourceTable.selectRow') }),
              }
            : undefined
        }
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: totalText,
          size: 'small',
          onChange: (page, limit) => list.setPage(page, limit),
        }}
        onChange={(_pagination, _filters, sorter, { action }) => {
          if (action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = (one?.column as { sortKey?: S } | undefined)?.sortKey;
          list.setSort(key && one.order ? ((one.order === 'ascend' ? key : `-${key}`) as S) : undefined);
        }}
        data-testid={testId}
      />
    </div>
  );
}
