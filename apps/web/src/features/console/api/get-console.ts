import { CONSOLE_PATHS, type ConsoleAnswer } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request';

export const CONSOLE_KEY = ['admin-console'] as const;

/** Every figure of the console in one call; refetched when the admin comes back to the page. */
export const useConsole = () =>
  useQuery({ queryKey: CONSOLE_KEY, queryFn: () => get<ConsoleAnswer>(CONSOLE_PATHS.fetch) });
