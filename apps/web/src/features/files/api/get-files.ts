import {
  FILE_KINDS,
  type FILE_SORTS,
  FILES_PATHS,
  type FileKind,
  type FileListQuery,
  type FilePage,
} from '@tally/contracts';
import { get } from '../../../lib/request';

export const FILES_KEY = ['files'] as const;

export type FileSort = (typeof FILE_SORTS)[number];
export type FileFilters = { kind: FileKind | undefined };
/** How the list's filters read back from the URL (use-resource-list). */
export const FILE_FILTERS = { kind: FILE_KINDS } as const;

export const getFiles = (query: FileListQuery) => get<FilePage>(FILES_PATHS.fetch, query);
