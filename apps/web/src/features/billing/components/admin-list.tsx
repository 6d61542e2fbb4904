import { Button, Table, type TableColumnsType } from 'antd';

interface Props<T> {
  addLabel: string;
  onAdd(): void;
  rows: T[] | undefined;
  loading: boolean;
  columns: TableColumnsType<T>;
  scrollX: number;
  paged?: boolean;
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
  ...rest
}: Props<T>) {
  const testId = rest['data-testid'];
  return (
    <>
      <div className="list-toolbar">
        <Button type="primary" onClick={onAdd} data-testid={`${testId}-add`}>
          {addLabel}
        </Button>
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
