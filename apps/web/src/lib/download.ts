import type { Endpoint } from '@tally/contracts';
import { request } from './request';
import type { RequestConfig } from './request-client';

function fileName(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(String(disposition ?? ''));
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * A file the server writes (a CSV export: a declared call marked `file`), fetched with the session header and handed to the browser
 * as a download under the name the server gives (else `fallback`).
 */
export async function download(endpoint: Endpoint, params: object, fallback: string, config?: RequestConfig) {
  const response = await request.get<Blob>(endpoint.path, { ...config, params, responseType: 'blob' });
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName(response.headers.get('content-disposition'), fallback);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
