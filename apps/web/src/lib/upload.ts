import { type EndpointData, FILES_API, type FileItem, UPLOAD_FIELD } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import type { UploadProps } from 'antd';
import { call, request } from './request';

/** The two upload calls (any file, or images only). */
type UploadCall = typeof FILES_API.upload | typeof FILES_API.uploadImage;

/**
 * Uploads one file, reporting progress in percent; resolves to the stored file. A multipart body, so
 * not through `call()`: the call's path comes from its declaration and its answer is the declared one.
 */
export async function uploadFile(
  upload: UploadCall,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<FileItem> {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file);
  const response = await request.post(upload.path, body, {
    // Any callback sends it through XMLHttpRequest, the one transport that can report progress.
    onUploadProgress: (percent) => onProgress?.(percent),
  });
  const { list } = response.data.data as EndpointData<UploadCall>;
  return list[0]!;
}

/**
 * antd Upload's request hook: one request per file so each shows its own progress and its own
 * error, and a refused file never takes the others down with it.
 */
export function uploadRequest(
  upload: UploadCall,
  onUploaded: (file: FileItem) => void,
): NonNullable<UploadProps['customRequest']> {
  return ({ file, onProgress, onSuccess, onError }) => {
    uploadFile(upload, file as File, (percent) => onProgress?.({ percent }))
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
    queryFn: () => call(FILES_API.limits),
    staleTime: Number.POSITIVE_INFINITY,
  });
