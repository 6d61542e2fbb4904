import { FILES_PATHS, type FileDeleteBody, type FileDeleteResponse } from '@tally/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { FILES_KEY } from './get-files';

export const deleteFiles = (body: FileDeleteBody) => post<FileDeleteResponse>(FILES_PATHS.del, body);

/** Deletes, or (without `confirm`) reports the files an article or ad still uses and deletes nothing. */
export function useDeleteFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFiles,
    onSuccess: (result) => {
      if (result.deleted.length > 0) void queryClient.invalidateQueries({ queryKey: FILES_KEY });
    },
  });
}
