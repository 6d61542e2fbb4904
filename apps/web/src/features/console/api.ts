import { CONSOLE_API } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

export const CONSOLE_KEY = ['admin-console'] as const;

/** Every figure of the console in one call; refetched when the admin comes back to the page. */
export const useConsole = () => useQuery({ queryKey: CONSOLE_KEY, queryFn: () => call(CONSOLE_API.fetch) });
