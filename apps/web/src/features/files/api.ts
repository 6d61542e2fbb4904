import { FILE_KINDS, type FILE_SORTS, FILES_API, type FileKind, type FileListQuery } from '@tally/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, caller } from '../../lib/request';

// Uploads and the upload limits are in lib/upload.ts: the article editor's image picker uses them too.

/** Every 素材管理 query starts with this key. */
export const FILES_KEY = ['files'] as const;

export type FileSort = (typeof FILE_SORTS)[number];
export type FileFilters = { kind: FileKind | undefined };
/** How the list's filters read back from the URL (use-resource-list). */
export const FILE_FILTERS = { kind: FILE_KINDS } as const;

export const getFiles = (query: FileListQuery) => call(FILES_API.fetch, query);

export const deleteFiles = caller(FILES_API.del);

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
