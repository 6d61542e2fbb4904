import { USER_API } from '@tally/contracts';
import { call } from '../lib/request';
import { useAppStore } from '../stores/app';
import { resetTagsView } from '../stores/tags-view';
import { useUserStore } from '../stores/user';

/**
 * Seed section 4: whatever the server says, the session, roles and tabs go; only a confirmed
 * logout also forgets the sites, so a failed call leaves them for the next login.
 */
export async function logout(): Promise<void> {
  let confirmed = false;
  try {
    await call(USER_API.logout);
    confirmed = true;
  } finally {
    useUserStore.getState().clearSession();
    resetTagsView();
    if (confirmed) useAppStore.getState().clearSites();
  }
}
