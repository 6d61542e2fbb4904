import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PageResult } from '../../lib/page-result';
import { type ResourceColumns, ResourceTable } from './resource-table';
import { type ListQuery, useResourceList } from './use-resource-list';

interface Row {
  id: number;
  name: string;
}
type Filters = { status: 'on' | 'off' | undefined };
type Query = ListQuery<Filters, string>;

const columns: ResourceColumns<Row> = [{ title: 'Name', dataIndex: 'name', key: 'name', sortKey: 'name' }];

function Probe() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

function List({
  fetch,
  remove,
}: {
  fetch(q: Query): Promise<PageResult<Row>>;
  remove?: (ids: number[]) => Promise<readonly number[]>;
}) {
  const list = useResourceList<Row, Filters>({
    key: ['rows'],
    fetch,
    filters: { status: ['on', 'off'] },
    limit: 2,
    sort: '-id',
  });
  return (
    <ResourceTable
      list={list}
      columns={columns}
      emptyText="Nothing here"
      batchDelete={remove ? { label: (n) => `Delete ${n}`, remove } : undefined}
      data-testid="rows"
    />
  );
}

function renderList(
  url: string,
  fetch: (q: Query) => Promise<PageResult<Row>>,
  remove?: (ids: number[]) => Promise<readonly number[]>,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <List fetch={fetch} remove={remove} />
          <Probe />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const searchNow = () =>
  Object.fromEntries(new URLSearchParams(screen.getByTestId('search').textContent ?? ''));

const rows = (page: number): PageResult<Row> => ({
  list: [
    { id: page * 10 + 1, name: `row ${page}-1` },
    { id: page * 10 + 2, name: `row ${page}-2` },
  ],
  total: 7,
  page,
  limit: 2,
});

// antd's table renders slowly in jsdom on a busy machine: the default 5 s is too tight.
describe('ResourceTable with useResourceList', { timeout: 20000 }, () => {
  it('opens the page, sort and filters a link carries, and keeps paging in the URL', async () => {
    const fetch = vi.fn(async (q: Query) => rows(q.page));
    renderList('/list?view=cards&page=2&sort=name&status=off&keyword=ab', fetch);
    expect(await screen.findByText('row 2-1')).toBeTruthy();
    expect(fetch).toHaveBeenLastCalledWith({ page: 2, limit: 2, sort: 'name', keyword: 'ab', status: 'off' });

    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('row 3-1')).toBeTruthy();
    expect(searchNow()).toEqual({ view: 'cards', page: '3', sort: 'name', keyword: 'ab', status: 'off' });

    // Sorting starts again from page 1; name ascending → descending.
    fireEvent.click(document.querySelector('th.ant-table-column-has-sorters') as Element);
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sort: '-name' })),
    );
    expect(searchNow()).toEqual({ view: 'cards', sort: '-name', keyword: 'ab', status: 'off' });
  });

  it('deletes the selected rows at once and forgets them', async () => {
    const remove = vi.fn(async (ids: number[]) => ids);
    renderList('/list', async () => rows(1), remove);
    await screen.findByText('row 1-1');
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    fireEvent.click(await screen.findByText('Delete 2'));
    expect(remove).toHaveBeenCalledWith([11, 12]);
    await waitFor(() => expect(screen.queryByText(/^Delete/)).toBeNull());
  });

  it('shows the list’s own empty state', async () => {
    renderList('/list', async () => ({ list: [], total: 0, page: 1, limit: 2 }));
    expect(await screen.findByText('Nothing here')).toBeTruthy();
  });
});
