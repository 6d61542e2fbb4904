import { SITES_PATHS, type siteShareBodySchema, type siteShareSchema } from '@tally/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { post } from '../../../lib/request';
import { SITES_KEY } from './query-keys';

export type ShareBody = z.input<typeof siteShareBodySchema>;
export type ShareState = z.infer<typeof siteShareSchema>;

export const manageShare = (body: ShareBody) => post<ShareState>(SITES_PATHS.share, body);

export function useManageShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: manageShare,
    onSuccess: () => void client.invalidateQueries({ queryKey: SITES_KEY }),
  });
}
