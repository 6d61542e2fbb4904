import { FILES_PATHS, type FileListQuery, type FilePage } from '@tally/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request';

export const FILES_KEY = ['files'] as const;

export const getFiles = (query: FileListQuery) => get<FilePage>(FILES_PATHS.fetch, query);

export const useFiles = (query: FileListQuery) =>
  useQuery({
    queryKey: [...FILES_KEY, query],
    queryFn: () => getFiles(query),
    placeholderData: keepPreviousData,
  });
