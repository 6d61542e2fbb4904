import { Input } from 'antd';
import type { ListFilters, ResourceList } from './use-resource-list';

interface Props<F extends ListFilters, S extends string> {
  list: ResourceList<unknown, F, S>;
  placeholder: string;
  className?: string;
  'data-testid'?: string;
}

/** The keyword box of a resource list: starts from the URL's keyword, searches from page 1. */
export function ListSearch<F extends ListFilters, S extends string>({
  list,
  placeholder,
  className = 'list-search',
  'data-testid': testId,
}: Props<F, S>) {
  return (
    <Input.Search
      allowClear
      className={className}
      placeholder={placeholder}
      aria-label={placeholder}
      defaultValue={list.query.keyword}
      onSearch={list.setKeyword}
      data-testid={testId}
    />
  );
}
