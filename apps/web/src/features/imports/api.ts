import {
  type EndpointData,
  IMPORT_FIELDS,
  IMPORTS_API,
  type ImportKind,
  UPLOAD_FIELD,
} from '@tally/contracts';
import { call, caller, request } from '../../lib/request';

export const importsKey = (siteId: number) => ['imports', siteId];

export const importsApi = {
  list: (siteId: number) => call(IMPORTS_API.list, { site_id: siteId }),
  undo: caller(IMPORTS_API.undo),
  /**
   * Sends the file(s) of one import in one multipart request (fields first, so the server knows the
   * site and kind before the bytes), reporting the upload's progress in percent.
   */
  async upload(siteId: number, kind: ImportKind, files: File[], onProgress: (percent: number) => void) {
    const body = new FormData();
    body.append(IMPORT_FIELDS.site, String(siteId));
    body.append(IMPORT_FIELDS.kind, kind);
    for (const f of files) body.append(UPLOAD_FIELD, f);
    const response = await request.post(IMPORTS_API.upload.path, body, { onUploadProgress: onProgress });
    return response.data.data as EndpointData<typeof IMPORTS_API.upload>;
  },
};

/** What the list call answers (the cache entry under importsKey). */
export type ImportList = EndpointData<typeof IMPORTS_API.list>;
