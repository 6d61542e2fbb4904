import {
  SHORT_LINK_API,
  type ShortLink,
  type ShortLinkDetail,
  type ShortLinkPage,
  type ShortLinkSort,
} from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../components/resource-table/use-resource-list';
import { call, caller } from '../../lib/request';

export const SHORT_LINKS_KEY = ['short-links'];

/** On (1) or off (0), as the fetch call filters them. */
export const SHORT_LINK_STATUS_FILTER = ['0', '1'] as const;
export type ShortLinkFilters = { status: (typeof SHORT_LINK_STATUS_FILTER)[number] | undefined };

/** The seed's fetch answers a page, or one link with its statistics when given an `id`. */
const isDetail = (data: ShortLinkPage | ShortLinkDetail): data is ShortLinkDetail => 'stats' in data;

export async function fetchShortLinks(
  query: ListQuery<ShortLinkFilters, ShortLinkSort>,
): Promise<ShortLinkPage> {
  const data = await call(SHORT_LINK_API.fetch, query);
  if (isDetail(data)) throw new Error('short links: a list was asked for, one link came back');
  return data;
}

/** One link with its click statistics (the seed's fetch by `id`). */
export const useShortLinkDetail = (id: number | undefined) =>
  useQuery({
    queryKey: [...SHORT_LINKS_KEY, 'detail', id],
    queryFn: async () => {
      const data = await call(SHORT_LINK_API.fetch, { id });
      if (!isDetail(data)) throw new Error('short links: one link was asked for, a list came back');
      return data;
    },
    enabled: id !== undefined,
  });

/** A change to links: every short-link query is refreshed when it succeeds. */
function useShortLinkMutation<T, R>(mutate: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SHORT_LINKS_KEY }),
  });
}

export const useSaveShortLink = () => useShortLinkMutation(caller(SHORT_LINK_API.save));

export const useSwitchShortLink = () => useShortLinkMutation(caller(SHORT_LINK_API.switch));

export const useDeleteShortLinks = () => useShortLinkMutation(caller(SHORT_LINK_API.del));

/** The address to share: this app's origin and `/s/{code}`. */
export const shortUrl = (link: Pick<ShortLink, 'path'>) => `${window.location.origin}${link.path}`;
