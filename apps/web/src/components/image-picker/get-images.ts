import { FILES_PATHS, type FilePage } from '@tally/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/request';

export const IMAGES_KEY = ['picker-images'] as const;

/** Uploaded images for the picker (admins and article editors). */
export const useImages = (query: { page: number; limit: number; keyword?: string }, enabled: boolean) =>
  useQuery({
    queryKey: [...IMAGES_KEY, query],
    queryFn: () => get<FilePage>(FILES_PATHS.images, query),
    placeholderData: keepPreviousData,
    enabled,
  });
