import { AUTH_PATHS, BILLING_PATHS, DEFAULT_PUBLIC_SETTINGS, SETTINGS_PATHS } from '@tally/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The calls these pages make on their own, answered in process. jsdom has no server: a real request
 * would fail, and its error notification would render after the test environment is gone.
 */
const CANNED: Record<string, unknown> = {
  [AUTH_PATHS.captcha]: { captcha_id: 'test', svg: '', enabled: false },
  [SETTINGS_PATHS.public]: { set: DEFAULT_PUBLIC_SETTINGS, ads: [] },
  [BILLING_PATHS.plans]: { list: [] },
};
const unexpected: string[] = [];
/** Every request the pages send, whatever its path, is answered here (its path without the query). */
const fakeBackend = setupServer(
  http.all('*', ({ request }) => {
    const url = new URL(request.url).pathname;
    if (!(url in CANNED)) unexpected.push(url);
    return HttpResponse.json({ code: url in CANNED ? 0 : 404, message: '', data: CANNED[url] ?? null });
  }),
);
beforeAll(() => fakeBackend.listen({ onUnhandledRequest: 'error' }));
afterAll(() => fakeBackend.close());
// Unmounting the last page ends its top progress bar, which nprogress removes on timers some 400 ms
// later: the environment must outlive them, or the removal throws "document is not defined" after the
// file (a loaded CI machine failed the web step on it).
afterAll(async () => {
  await waitFor(() => expect(document.getElementById('nprogress')).toBeNull(), { timeout: 5000 });
});
afterEach(() => {
  expect(unexpected.splice(0)).toEqual([]);
});

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
    'renders the public /price page of the billing feature (it replaced the placeholder)',
    async () => {
      renderAt('/price');
      expect(
        await screen.findByRole('heading', { name: 'Plans and prices' }, { timeout: 8000 }),
      ).toBeTruthy();
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
