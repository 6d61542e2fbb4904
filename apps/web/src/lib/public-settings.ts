import { SETTINGS_API } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './request';

/**
 * The public call answers signed-out visitors too with `data.set` and `data.ads`. Public pages ask
 * once per visit; the request client applies both to the user store (and leaves for /beian.html
 * when the site is closed), so the query's own result is not read.
 */
export function usePublicSettings(): void {
  useQuery({
    queryKey: ['public-settings'],
    queryFn: () => call(SETTINGS_API.public).then(() => true),
    staleTime: 60_000,
  });
}
