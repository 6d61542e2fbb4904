import { describe, expect, it } from 'vitest';
import { useUserStore } from '../stores/user';
import { isShareSession, refusedSessionPath, SHARE_ENDED_PATH } from './share-session';

describe('a session opened by a share link', () => {
  it('is remembered from markClient() until the next session, across clearSession()', () => {
    const user = useUserStore.getState();
    user.setSession('client-token');
    user.markClient();
    expect(isShareSession()).toBe(true);
    // The refused session is cleared before the guard decides where it goes.
    user.clearSession();
    expect(refusedSessionPath()).toBe(SHARE_ENDED_PATH);
    user.setSession('account-token', 'ann');
    expect(isShareSession()).toBe(false);
    expect(refusedSessionPath()).toBe('/login');
  });
});
