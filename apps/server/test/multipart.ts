import { randomBytes } from 'node:crypto';

export interface Part {
  filename: string;
  content: Buffer | string;
  /** What the browser claims; the server must not believe it. */
  type?: string;
  field?: string;
}

/** A multipart/form-data body as a browser sends it, for app.inject(). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tally${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename}"\r\n` +
          `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Real bytes of small files of the types the tests need. */
export const SAMPLES = {
  /** 1×1 transparent PNG. */
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  /** 3×2 GIF. */
  gif: Buffer.from('R0lGODlhAwACAIAAAP///wAAACH5BAEAAAAALAAAAAADAAIAAAIChF8AOw==', 'base64'),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
  ),
};

/** A valid PNG header padded to `bytes` (the header is all the type check and size reader need). */
export function pngOfSize(bytes: number): Buffer {
  return Buffer.concat([SAMPLES.png, Buffer.alloc(Math.max(0, bytes - SAMPLES.png.length), 0x61)]);
}
