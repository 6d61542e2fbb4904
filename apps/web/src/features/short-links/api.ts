import {
  SHORT_LINK_PATHS,
  type ShortLink,
  type ShortLinkDetail,
  type ShortLinkSaveBody,
  type ShortLinkSort,
} from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../components/resource-table/use-resource-list';
import { get, post } from '../../lib/request';

export const SHORT_LINKS_KEY = ['short-links'];

export type ShortLinkFilters = { status: string | undefined };

export const fetchShortLinks = (query: ListQuery<ShortLinkFilters, ShortLinkSort>) =>
  get<{ list: ShortLink[]; total: number; page: number; limit: number }>(SHORT_LINK_PATHS.fetch, query);

/** One link with its click statistics (the seed's fetch by `id`). */
export const useShortLinkDetail = (id: number | undefined) =>
  useQuery({
    queryKey: [...SHORT_LINKS_KEY, 'detail', id],
    queryFn: () => get<ShortLinkDetail>(SHORT_LINK_PATHS.fetch, { id }),
    enabled: id !== undefined,
  });

/** A change to links: every short-link query is refreshed when it succeeds. */
function useShortLinkMutation<T, R>(call: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SHORT_LINKS_KEY }),
  });
}

export const useSaveShortLink = () =>
  useShortLinkMutation((body: ShortLinkSaveBody) => post<ShortLink>(SHORT_LINK_PATHS.save, body));

export const useSwitchShortLink = () =>
  useShortLinkMutation((body: { id: number; status: 0 | 1 }) =>
    post<ShortLink>(SHORT_LINK_PATHS.switch, body),
  );

export const useDeleteShortLinks = () =>
  useShortLinkMutation((body: { ids: number[] }) => post<{ deleted: number[] }>(SHORT_LINK_PATHS.del, body));

/** The address to share: this app's origin and `/s/{code}`. */
export const shortUrl = (link: Pick<ShortLink, 'path'>) => `${window.location.origin}${link.path}`;
