import { AUTH_PATHS, type CaptchaResponse } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request';

/** `force`: a captcha even when they are switched off (the server asked for one on this sign-in). */
export const getCaptcha = (force = false) =>
  get<CaptchaResponse>(AUTH_PATHS.captcha, { t: Date.now(), ...(force ? { force: '1' } : {}) });

/** Captchas are single use: never served from cache, refetched after every failed login. */
export function useCaptcha(force = false) {
  return useQuery({
    queryKey: ['captcha', force],
    queryFn: () => getCaptcha(force),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
