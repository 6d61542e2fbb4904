import { type ChatRow, type EndpointInput, GROUPS_API, SITES_API } from '@tally/contracts';
import type { ListQuery } from '../../components/resource-table/use-resource-list';
import { call } from '../../lib/request';

/** React Query key prefix of the group list; every change refreshes it. */
export const GROUPS_KEY = ['tg-groups'];

export type GroupFilters = { keyword: string | undefined };

export const fetchGroups = (query: ListQuery<GroupFilters, '-id'>) => call(GROUPS_API.fetch, query);

/** The sites a group can be bound to (the first 200). */
export const fetchBindableSites = () => call(SITES_API.fetch, { limit: 200 });

export const setGroupLanguage = (id: number, language: ChatRow['language']) =>
  call(GROUPS_API.save, { id, language });

export const bindSite = (body: EndpointInput<typeof GROUPS_API.bind>) => call(GROUPS_API.bind, body);

export const unbindSite = (id: number, siteId: number) => call(GROUPS_API.unbind, { id, site_id: siteId });

export const sendTestReport = (id: number) => call(GROUPS_API.testReport, { id });

export const sendText = (id: number, text: string) => call(GROUPS_API.send, { id, text });

export const leaveGroup = (id: number) => call(GROUPS_API.leave, { id });
