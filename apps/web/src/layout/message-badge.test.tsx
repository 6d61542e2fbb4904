import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../stores/user';
import { MessageBadge } from './message-badge';

const calls = vi.hoisted(() => [] as string[]);
vi.mock('../lib/request', () => ({
  call: async (endpoint: { path: string }) => {
    calls.push(endpoint.path);
    return { count: 3 };
  },
}));

function renderBadge() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MessageBadge />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the navbar message badge (tickets/unread)', () => {
  afterEach(() => {
    calls.length = 0;
    useUserStore.setState({ roles: [], is_client: 0 });
  });

  it('asks nothing while roles are unknown: a share-link client on /redirect/* has not loaded them yet', async () => {
    useUserStore.setState({ roles: [], is_client: 0 });
    renderBadge();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('msg-badge')).toBeNull();
  });

  it('asks nothing for a share-link client, whose session may not call it', async () => {
    useUserStore.setState({ roles: ['client'], is_client: 1 });
    renderBadge();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('msg-badge')).toBeNull();
  });

  it('polls the unread count for a user', async () => {
    useUserStore.setState({ roles: ['user'], is_client: 0 });
    renderBadge();
    await waitFor(() => expect(calls).toEqual(['/api/v1/api2/tickets/unread']));
    expect(screen.getByTestId('msg-badge')).toBeTruthy();
  });
});
