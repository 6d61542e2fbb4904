import { USER_PATHS, type UserInfoResponse } from '@tally/contracts';
import { post } from '../../../lib/request';
import { useAppStore } from '../../../stores/app';
import { useUserStore } from '../../../stores/user';

/** The error texts of seed sections 5 and 8. */
export const INFO_MISSING = 'Verification failed, please Login again.';
export const ROLES_MISSING = 'getInfo: roles must be a non-null array!';

/** Fetches user info on the first protected navigation and applies it to the session. */
export async function loadUserInfo(): Promise<UserInfoResponse> {
  const info = await post<UserInfoResponse | null>(USER_PATHS.info, {});
  if (!info?.userInfo) throw new Error(INFO_MISSING);
  const roles = info.userInfo.roles;
  if (!Array.isArray(roles) || roles.length === 0) throw new Error(ROLES_MISSING);
  useUserStore.getState().applyInfo(info);
  useAppStore.getState().setMsgNum(info.msgNum ?? 0);
  // A client's sites came with its share link; everyone else's come from here.
  if (!roles.includes('client')) useAppStore.getState().setSites(info.sites ?? []);
  return info;
}
