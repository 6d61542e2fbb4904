import type { IncomingMessage } from 'node:http';

/** A Bot API call's parameters: the query string with a JSON, form or multipart body over it. */
export async function readParams(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const raw = body.toString('utf8');
  const type = req.headers['content-type'] ?? '';
  const query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
  if (!raw) return query;
  if (type.includes('application/json')) return { ...query, ...(JSON.parse(raw) as object) };
  if (type.includes('multipart/form-data')) return { ...query, ...multipartFields(body, type) };
  return { ...query, ...Object.fromEntries(new URLSearchParams(raw)) };
}

/** A file a multipart call carried (a photo): its name and bytes. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/**
 * The fields of a multipart body: text fields as strings, files as `UploadedFile`. Split as latin1,
 * which maps each byte to one character, so a file's bytes come back unchanged.
 */
function multipartFields(body: Buffer, type: string): Record<string, string | UploadedFile> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (!boundary) return {};
  const out: Record<string, string | UploadedFile> = {};
  for (const part of body.toString('latin1').split(`--${boundary[1] ?? boundary[2]}`)) {
    const [head = '', ...rest] = part.split('\r\n\r\n');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (!name) continue;
    const bytes = Buffer.from(rest.join('\r\n\r\n').replace(/\r\n$/, ''), 'latin1');
    // grammY writes `filename=name.png`, browsers `filename="name.png"`.
    const filename = /filename="?([^";\r\n]*)"?/.exec(head)?.[1];
    out[name] = filename === undefined ? bytes.toString('utf8') : { filename, data: bytes };
  }
  return out;
}
