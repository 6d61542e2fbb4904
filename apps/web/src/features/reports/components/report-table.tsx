import { Empty, Skeleton, Table, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageResult } from '../../../lib/page-result';
import type { ReportTableModel } from '../api';

type Row = object;

/** Sort state as antd shows it: `-pv` → the pv column, descending. */
function withSortOrder<R>(columns: TableColumnType<R>[], sort: string): TableColumnType<R>[] {
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  return columns.map((c) =>
    c.sorter ? { ...c, sortOrder: c.key === field ? (descending ? 'descend' : 'ascend') : null } : c,
  );
}

/** A server-paged, server-sorted report table with its empty state and first-load skeleton. */
export function ReportTable<R extends Row, T extends PageResult<R>>({
  table,
  columns,
  rowKey,
  expandable,
  testId,
}: {
  table: ReportTableModel<T>;
  columns: TableColumnType<R>[];
  rowKey: string | ((row: R) => string);
  expandable?: Parameters<typeof Table<R>>[0]['expandable'];
  testId?: string;
}) {
  const { t } = useTranslation();
  const { query, state, setState } = table;
  if (!query.data) {
    return query.isError ? (
      <Empty description={t('reports.empty')} />
    ) : (
      <Skeleton active paragraph={{ rows: 6 }} />
    );
  }
  return (
    <Table<R>
      className="report-table"
      size="small"
      rowKey={rowKey}
      loading={query.isFetching}
      columns={withSortOrder(columns, state.sort)}
      dataSource={query.data.list}
      expandable={expandable}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.empty')} /> }}
      pagination={{
        current: query.data.page,
        pageSize: query.data.limit,
        total: query.data.total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        size: 'small',
        showTotal: (total) => t('reports.total', { count: total }),
      }}
      onChange={(pagination, _filters, sorter, { action }) => {
        if (action === 'paginate') {
          setState((s) => ({ ...s, page: pagination.current ?? 1, limit: pagination.pageSize ?? s.limit }));
          return;
        }
        if (action !== 'sort') return;
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = String(one?.columnKey ?? '');
        // A third click clears antd's sort; the report then falls back to its default order.
        const sort =
          one?.order && field ? `${one.order === 'descend' ? '-' : ''}${field}` : table.defaultSort;
        setState((s) => ({ ...s, page: 1, sort }));
      }}
      data-testid={testId}
    />
  );
}
