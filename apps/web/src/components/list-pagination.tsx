import './list-pagination.css';
import { Pagination } from 'antd';

interface Props {
  page: number;
  pageSize: number;
  total: number | undefined;
  onChange(page: number): void;
  /** "{count} items", in the list's own words; omitted on compact lists. */
  totalText?: (total: number) => string;
  size?: 'small';
}

/** Server paging under a list; nothing while there is nothing to page through. */
export function ListPagination({ page, pageSize, total, onChange, totalText, size }: Props) {
  if (!total) return null;
  return (
    <Pagination
      className="list-pagination"
      size={size}
      current={page}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      showTotal={totalText}
      onChange={onChange}
    />
  );
}
