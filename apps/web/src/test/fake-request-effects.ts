import { vi } from 'vitest';
import type { RequestEffects } from '../lib/request-client';

/**
 * Request effects that only record what the client would have told the user or the browser; `state`
 * is what the fakes read and write (token, loading flags, the last 403 reload, closed-site stay, where a refused session goes).
 */
export function fakeRequestEffects(token = '') {
  const state = {
    token,
    loading: [] as number[],
    sinceReload: null as number | null,
    staysWhenClosed: false,
    refusedSessionPath: '/login',
    language: 'en' as 'en' | 'zh',
  };
  const fx = {
    getToken: vi.fn(() => state.token),
    storeToken: vi.fn((t: string) => {
      state.token = t;
    }),
    clearToken: vi.fn(() => {
      state.token = '';
    }),
    applyPublic: vi.fn(),
    setLoading: vi.fn((flag: 0 | 1) => state.loading.push(flag)),
    reload: vi.fn(),
    navigate: vi.fn(),
    refusedSessionPath: vi.fn(() => state.refusedSessionPath),
    leaveForFiling: vi.fn(),
    staysWhenClosed: vi.fn(() => state.staysWhenClosed),
    notifyError: vi.fn(),
    language: vi.fn(() => state.language),
    sinceForbiddenReload: vi.fn(() => state.sinceReload),
    markForbiddenReload: vi.fn(() => {
      state.sinceReload = 0;
    }),
  } satisfies RequestEffects;
  return { fx, state };
}
