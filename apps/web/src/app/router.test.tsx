import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

let current = '';
function LocationProbe() {
  const location = useLocation();
  current = location.pathname + location.search;
  return null;
}

function renderAt(path: string) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Lazy pages load cold in jsdom: the waits allow 8 s, so the tests allow more than that. */
const SLOW = 15_000;

describe('app routes with the real providers', () => {
  it(
    'sends a signed-out visitor of /dashboard to the login form',
    async () => {
      renderAt('/dashboard');
      expect(await screen.findByTestId('login-form', {}, { timeout: 8000 })).toBeTruthy();
      expect(current).toBe('/login?redirect=%2Fdashboard');
    },
    SLOW,
  );

  it(
    'renders a public page of a later issue as its title and an empty state',
    async () => {
      renderAt('/price');
      expect(await screen.findByRole('heading', { name: 'Pricing' }, { timeout: 8000 })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'opens /404 for a bad article path under /article/',
    async () => {
      renderAt('/article/not-a-number');
      expect(
        await screen.findByRole('heading', { name: 'Article not found' }, { timeout: 8000 }),
      ).toBeTruthy();
    },
    SLOW,
  );
});
