import { PLAYGROUND_API } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './request';

export const PLAYGROUND_STATUS_KEY = ['playground-status'] as const;

/** The playground's status; a server not running as the playground answers 404, shown to no one. */
export const playgroundStatus = () => call(PLAYGROUND_API.status, undefined, { quietStatuses: [404] });

/**
 * Whether the server runs as the playground (`npm run demo`), which shows admins its panel: asked once
 * per session, of admins only (the call is theirs; anyone else would be refused).
 */
export function usePlaygroundMode(ask: boolean): boolean {
  const status = useQuery({
    queryKey: PLAYGROUND_STATUS_KEY,
    queryFn: playgroundStatus,
    enabled: ask,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return ask && status.isSuccess;
}
