import { Input, Select } from 'antd';
import type { ListFilters, ResourceList } from './use-resource-list';

type Keyed<F extends ListFilters, K extends keyof F & string> = {
  list: ResourceList<unknown, F, string>;
  name: K;
  placeholder: string;
  'data-testid'?: string;
};

/** A filter picked from options, kept in the list's URL state. */
export function OptionFilter<F extends ListFilters, K extends keyof F & string>({
  list,
  name,
  placeholder,
  options,
  'data-testid': testId,
}: Keyed<F, K> & { options: { value: NonNullable<F[K]>; label: string }[] }) {
  return (
    <Select<NonNullable<F[K]>>
      allowClear
      className="list-search"
      placeholder={placeholder}
      aria-label={placeholder}
      value={list.filters[name] as NonNullable<F[K]> | undefined}
      onChange={(value) => list.setFilters({ [name]: value } as unknown as Partial<F>)}
      options={options}
      data-testid={testId}
    />
  );
}

/** A text filter applied on Enter or the search button; empty clears it. */
export function TextFilter<F extends ListFilters, K extends keyof F & string>({
  list,
  name,
  placeholder,
  'data-testid': testId,
}: Keyed<F, K>) {
  return (
    <Input.Search
      allowClear
      className="list-search"
      placeholder={placeholder}
      aria-label={placeholder}
      defaultValue={list.filters[name] as string | undefined}
      onSearch={(text) => list.setFilters({ [name]: text.trim() || undefined } as Partial<F>)}
      data-testid={testId}
    />
  );
}
