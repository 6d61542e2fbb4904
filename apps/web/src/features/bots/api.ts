import { BOTS_API } from '@tally/contracts';
import type { ListQuery } from '../../components/resource-table/use-resource-list';
import { call } from '../../lib/request';

/** React Query key prefix of the bot list; every change refreshes it. */
export const BOTS_KEY = ['bots'];

export type BotFilters = { keyword: string | undefined };

export const fetchBots = (query: ListQuery<BotFilters, '-id'>) => call(BOTS_API.fetch, query);

export const addBot = (botToken: string) => call(BOTS_API.save, { bot_token: botToken });

export const deleteBots = (ids: number[]) => call(BOTS_API.del, { ids });

export const switchBot = (id: number, status: boolean) => call(BOTS_API.switch, { id, status });
