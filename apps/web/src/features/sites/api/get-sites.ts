import type { Site, SiteListQuery } from '@tally/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult } from '../../../lib/page-result';
import { get } from '../../../lib/request';
import { SITES_API, SITES_KEY } from './paths';

export type SitesQuery = Partial<SiteListQuery>;

export const getSites = (query: SitesQuery) => get<PageResult<Site>>(SITES_API.fetch, query);

export const useSites = (query: SitesQuery) =>
  useQuery({
    queryKey: [...SITES_KEY, query],
    queryFn: () => getSites(query),
    placeholderData: keepPreviousData,
  });
