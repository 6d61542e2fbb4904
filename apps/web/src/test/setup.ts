import { webcrypto } from 'node:crypto';
import { cleanup } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach } from 'vitest';
import { useAppStore } from '../stores/app';
import { useErrorLogStore } from '../stores/error-log';
import { usePageStyleStore } from '../stores/page-style';
import { useTagsViewStore } from '../stores/tags-view';
import { useUserStore } from '../stores/user';

// antd reads matchMedia for responsive props; jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// Every browser the app supports has ResizeObserver (tables, charts and the crumb row watch their
// boxes); jsdom lays nothing out, so its observer is one that never fires.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// The crypt scheme needs WebCrypto's subtle API, which jsdom's window does not carry.
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto });

/**
 * The files share their modules and document (vitest.config.ts, `isolate: false`): what one test leaves
 * in a store must not reach the next file's tests (a token in the user store made the router of another
 * file ask for /user/info). antd's notices cannot be ended here: one already leaving stays in jsdom, which
 * never ends its animation, so a test reads only within what it rendered (route-error-boundary.test.tsx).
 */
const STORES = [useAppStore, useErrorLogStore, usePageStyleStore, useTagsViewStore, useUserStore];

afterEach(() => {
  cleanup();
  for (const store of STORES) store.setState(store.getInitialState(), true);
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  sessionStorage.clear();
});
