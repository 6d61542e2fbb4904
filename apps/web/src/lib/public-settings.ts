import { useQuery } from '@tanstack/react-query';
import { get } from './request';

/** The public call that answers signed-out visitors with `data.set` and `data.ads`. */
export const PUBLIC_SETTINGS_PATH = '/api/v1/api2/setting/public';

/**
 * Public pages ask once per visit; the request client applies `set` and `ads` to the user store
 * (and leaves for /beian.html when the site is closed), so the query's own result is not read.
 */
export function usePublicSettings(): void {
  useQuery({
    queryKey: ['public-settings'],
    queryFn: () => get<unknown>(PUBLIC_SETTINGS_PATH).then(() => true),
    staleTime: 60_000,
  });
}
