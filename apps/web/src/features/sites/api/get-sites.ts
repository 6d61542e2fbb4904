import { SITES_PATHS, type Site, type SiteListQuery } from '@tally/contracts';
import type { PageResult } from '../../../lib/page-result';
import { get } from '../../../lib/request';

export type SitesQuery = Partial<SiteListQuery>;

export const getSites = (query: SitesQuery) => get<PageResult<Site>>(SITES_PATHS.fetch, query);

export type SiteSort = SiteListQuery['sort'];
/** The contract's sort whitelist (siteListQuerySchema). */
export const SITE_SORTS: readonly SiteSort[] = ['id', '-id', 'name', '-name', 'created_at', '-created_at'];
export type SiteFilters = { group_id: number | undefined };
