import { FILES_PATHS, type FileItem, type FileLimits, UPLOAD_FIELD } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import type { UploadProps } from 'antd';
import { get, request } from './request';

type UploadPath = typeof FILES_PATHS.upload | typeof FILES_PATHS.uploadImage;

/** Uploads one file, reporting progress in percent; resolves to the stored file. */
export async function uploadFile(path: UploadPath, file: File, onProgress?: (percent: number) => void) {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file);
  const response = await request.post(path, body, {
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
    },
  });
  const list = (response.data.data as { list: FileItem[] }).list;
  return list[0]!;
}

/**
 * antd Upload's request hook: one request per file so each shows its own progress and its own
 * error, and a refused file never takes the others down with it.
 */
export function uploadRequest(
  path: UploadPath,
  onUploaded: (file: FileItem) => void,
): NonNullable<UploadProps['customRequest']> {
  return ({ file, onProgress, onSuccess, onError }) => {
    uploadFile(path, file as File, (percent) => onProgress?.({ percent }))
      .then((stored) => {
        onUploaded(stored);
        onSuccess?.(stored);
      })
      .catch((error: Error) => onError?.(error));
  };
}

/** Size limit and accepted types, for checks before a file is sent. */
export const useFileLimits = () =>
  useQuery({
    queryKey: ['file-limits'],
    queryFn: () => get<FileLimits>(FILES_PATHS.limits),
    staleTime: Number.POSITIVE_INFINITY,
  });
