import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
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
export async function openText(path: string, highWaterMark?: number): Promise<Readable> {
  const raw = createReadStream(path, { highWaterMark });
  if (!(await isGzip(path))) return raw;
  const gunzip = createGunzip();
  raw.on('error', (err) => gunzip.destroy(err));
  const out = raw.pipe(gunzip);
  return out;
}

/** Bytes read at a time: a batch of lines is one read's worth. */
const READ_BYTES = 1 << 20;

/**
 * Lines of a text file (gzip accepted), without their line ends (`\n`, `\r\n` or a lone `\r`, as
 * readline splits them), in batches: one batch per read of the file, so a million-line file costs a
 * few hundred awaits, not a million. The caller numbers them (line 1 is the first of the first batch).
 */
export async function* lines(path: string): AsyncGenerator<string[]> {
  const input = await openText(path, READ_BYTES);
  input.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      let text = rest + chunk;
      // A `\r` at the end may be the first half of a `\r\n` split across two reads.
      const cut = text.endsWith('\r') ? text.length - 1 : text.length;
      rest = text.slice(cut);
      text = text.slice(0, cut);
      const batch = text.split(LINE_END);
      rest = batch.pop()! + rest;
      if (batch.length > 0) yield batch;
    }
    if (rest !== '') yield rest.split(LINE_END).filter((l, i, all) => l !== '' || i < all.length - 1);
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('Z_'))
      throw new ImportFileError('not a gzip file, or a damaged one');
    throw err;
  } finally {
    input.destroy();
  }
}

const LINE_END = /\r\n|\n|\r/;
