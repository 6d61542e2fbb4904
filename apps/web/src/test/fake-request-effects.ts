import { vi } from 'vitest';
import type { RequestEffects } from '../lib/request-client';

/** Request effects that only record: what the client would have told the user or the browser. */
export function fakeRequestEffects(token = '') {
  const state = { token };
  const fx = {
    getToken: vi.fn(() => state.token),
    storeToken: vi.fn((next: string) => {
      state.token = next;
    }),
    clearToken: vi.fn(() => {
      state.token = '';
    }),
    applyPublic: vi.fn(),
    setLoading: vi.fn(),
    reload: vi.fn(),
    navigate: vi.fn(),
    leaveForFiling: vi.fn(),
    staysWhenClosed: vi.fn(() => false),
    notifyError: vi.fn(),
    sinceForbiddenReload: vi.fn(() => null),
    markForbiddenReload: vi.fn(),
  } satisfies RequestEffects;
  return { fx, state };
}
