import type { Endpoint } from '@tally/contracts';
import { Button, Table, type TableColumnsType } from 'antd';
import { ExportButton } from '../../../components/resource-table/export-button';

interface Props<T> {
  addLabel: string;
  onAdd(): void;
  rows: T[] | undefined;
  loading: boolean;
  columns: TableColumnsType<T>;
  scrollX: number;
  paged?: boolean;
  /** The list's CSV export, when it has one (优惠券). */
  exportTo?: Pick<Endpoint, 'path'>;
  'data-testid': string;
}

/** 套餐管理 and 优惠券: an add button over a table of every row (small lists, paged in the browser). */
export function AdminList<T extends { id: number }>({
  addLabel,
  onAdd,
  rows,
  loading,
  columns,
  scrollX,
  paged,
  exportTo,
  ...rest
}: Props<T>) {
  const testId = rest['data-testid'];
  return (
    <>
      <div className="list-toolbar">
        <Button type="primary" onClick={onAdd} data-testid={`${testId}-add`}>
          {addLabel}
        </Button>
        {exportTo && <ExportButton endpoint={exportTo} query={{}} data-testid={`${testId}-export`} />}
      </div>
      <Table<T>
        rowKey="id"
        size="middle"
        scroll={{ x: scrollX }}
        pagination={paged ? undefined : false}
        loading={loading}
        dataSource={rows ?? []}
        columns={columns}
        data-testid={testId}
      />
    </>
  );
}
