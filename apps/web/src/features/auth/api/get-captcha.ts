import { AUTH_PATHS, type CaptchaResponse } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request';

export const getCaptcha = () => get<CaptchaResponse>(AUTH_PATHS.captcha, { t: Date.now() });

/** Captchas are single use: never served from cache, refetched after every failed login. */
export function useCaptcha() {
  return useQuery({ queryKey: ['captcha'], queryFn: getCaptcha, staleTime: 0, gcTime: 0, retry: false });
}
