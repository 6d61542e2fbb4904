import {
  AUTH_API,
  type LoginBody,
  type RegisterBody,
  type SessionResponse,
  type ShareBody,
  type ShareResponse,
  USER_API,
  type UserInfoResponse,
} from '@tally/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, caller } from '../../lib/request';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';

/** `force`: a captcha even when they are switched off (the server asked for one on this sign-in). */
export const getCaptcha = (force = false) =>
  call(AUTH_API.captcha, { t: Date.now(), ...(force ? { force: '1' as const } : {}) });

/** Captchas are single use: never served from cache, refetched after every failed login. */
export function useCaptcha(force = false, enabled = true) {
  return useQuery({
    queryKey: ['captcha', force],
    queryFn: () => getCaptcha(force),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** A successful login stores token and user name; roles arrive with the next protected navigation. */
export async function login(body: LoginBody): Promise<SessionResponse> {
  const session = await call(AUTH_API.login, body);
  useUserStore.getState().setSession(session.x_token, session.name);
  return session;
}

export const useLogin = () => useMutation({ mutationFn: login });

/** Registration signs the user in directly (seed section 4). */
export async function register(body: RegisterBody): Promise<SessionResponse> {
  const session = await call(AUTH_API.register, body);
  useUserStore.getState().setSession(session.x_token, session.name);
  return session;
}

export const useRegister = () => useMutation({ mutationFn: register });

export const sendEmailVerify = caller(AUTH_API.sendEmailVerify);

export const useSendEmailVerify = () => useMutation({ mutationFn: sendEmailVerify });

export const resetPassword = caller(AUTH_API.resetPassword);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/** Seed section 9: the share-login result lands 1000 ms after the call returns. */
export const SHARE_LOGIN_DELAY_MS = 1000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A share link opens a client session bound to one site, replacing any session already held. */
export async function shareLogin(body: ShareBody): Promise<ShareResponse> {
  useUserStore.getState().clearSession();
  const result = await call(AUTH_API.share, body);
  await delay(SHARE_LOGIN_DELAY_MS);
  const app = useAppStore.getState();
  app.setSites(result.sites);
  app.setSite(result.site);
  useUserStore.getState().setSession(result.x_token);
  useUserStore.getState().markClient();
  return result;
}

/** The error texts of seed sections 5 and 8. */
export const INFO_MISSING = 'Verification failed, please Login again.';
export const ROLES_MISSING = 'getInfo: roles must be a non-null array!';

/** Fetches user info on the first protected navigation and applies it to the session. */
export async function loadUserInfo(): Promise<UserInfoResponse> {
  // The seed's server may answer `data: null` or leave the roles out: both are checked here.
  const info: UserInfoResponse | null = await call(USER_API.info, {});
  if (!info?.userInfo) throw new Error(INFO_MISSING);
  const roles = info.userInfo.roles;
  if (!Array.isArray(roles) || roles.length === 0) throw new Error(ROLES_MISSING);
  useUserStore.getState().applyInfo(info);
  useAppStore.getState().setMsgNum(info.msgNum ?? 0);
  // A client's sites came with its share link; everyone else's come from here.
  if (!roles.includes('client')) useAppStore.getState().setSites(info.sites ?? []);
  return info;
}
