import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ImportFileError } from './errors.js';

/** gzip's magic bytes: a `.gz` log is read through gunzip whatever its name says. */
async function isGzip(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await file.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await file.close();
  }
}

/** The file's bytes, gunzipped when they are gzip; a damaged gzip stream fails with a clear error. */
export async function openText(path: string): Promise<Readable> {
  const raw = createReadStream(path);
  if (!(await isGzip(path))) return raw;
  const gunzip = createGunzip();
  raw.on('error', (err) => gunzip.destroy(err));
  const out = raw.pipe(gunzip);
  return out;
}

/** Lines of a text file (gzip accepted), numbered from 1, without their line ends. */
export async function* lines(path: string): AsyncGenerator<string> {
  const input = await openText(path);
  const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of reader) yield line;
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('Z_'))
      throw new ImportFileError('not a gzip file, or a damaged one');
    throw err;
  } finally {
    reader.close();
    input.destroy();
  }
}
