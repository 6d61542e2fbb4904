import { describe, expect, it } from 'vitest';
import { useUserStore } from '../stores/user';
import { isShareSession, refusedSessionPath, SHARE_ENDED_PATH, shareSessionEnded } from './share-session';

describe('a session opened by a share link', () => {
  it('is remembered from markClient() until the next session, across clearSession()', () => {
    const user = useUserStore.getState();
    user.setSession('client-token');
    user.markClient();
    expect(isShareSession()).toBe(true);
    // The refused session is cleared before the guard decides where it goes.
    user.clearSession();
    expect(shareSessionEnded()).toBe(false);
    expect(refusedSessionPath()).toBe(SHARE_ENDED_PATH);
    // The guard learns it too: the token-less site page must not go to /login meanwhile.
    expect(shareSessionEnded()).toBe(true);
    user.setSession('account-token', 'ann');
    expect(shareSessionEnded()).toBe(false);
    expect(isShareSession()).toBe(false);
    expect(refusedSessionPath()).toBe('/login');
    expect(shareSessionEnded()).toBe(false);
  });
});
