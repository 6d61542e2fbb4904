import {
  cutOffByLeaving,
  NETWORK_MESSAGE,
  parseBody,
  type Transport,
  TransportError,
  timeoutMessage,
} from './transport';

/** Response headers as the XMLHttpRequest gives them ("name: value" lines) made a Headers. */
function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * The transport of uploads (multipart bodies): fetch cannot tell how much of a body has been sent,
 * XMLHttpRequest can, so the file pickers show real progress. Same answers and failures as fetch's.
 */
export const xhrTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.timeout = request.timeoutMs;
    for (const [name, value] of request.headers) xhr.setRequestHeader(name, value);
    const cancel = () => xhr.abort();
    const settle = () => request.signal?.removeEventListener('abort', cancel);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total) {
        request.onUploadProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      settle();
      resolve({
        status: xhr.status,
        headers: headersOf(xhr.getAllResponseHeaders()),
        data: parseBody(xhr.responseText),
      });
    };
    xhr.onerror = () => {
      settle();
      // Left alone when the page is being left, as fetch's failures are (transport.ts).
      if (!cutOffByLeaving()) reject(new TransportError(NETWORK_MESSAGE, 'network'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new TransportError(timeoutMessage(request.timeoutMs), 'timeout'));
    };
    xhr.onabort = () => {
      settle();
      reject(new TransportError('canceled', 'canceled'));
    };
    // abort() before send() fires nothing, so a call cancelled already is refused here.
    if (request.signal?.aborted) return reject(new TransportError('canceled', 'canceled'));
    request.signal?.addEventListener('abort', cancel);
    xhr.send(request.body as XMLHttpRequestBodyInit | undefined);
  });
