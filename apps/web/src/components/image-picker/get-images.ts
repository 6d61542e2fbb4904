import { FILES_API } from '@tally/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

export const IMAGES_KEY = ['picker-images'] as const;

/** Uploaded images for the picker (admins and article editors). */
export const useImages = (query: { page: number; limit: number; keyword?: string }, enabled: boolean) =>
  useQuery({
    queryKey: [...IMAGES_KEY, query],
    queryFn: () => call(FILES_API.images, query),
    placeholderData: keepPreviousData,
    enabled,
  });
