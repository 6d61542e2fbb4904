import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { ImportFileError } from './errors.js';

/**
 * The files of a zip archive (PKWARE APPNOTE: the end-of-central-directory record, then each central
 * directory entry's local header), stored or deflated. Enough for an export zip read whole; no zip64,
 * no encryption (Plausible's exports need neither).
 */
export async function readZip(path: string): Promise<Map<string, Buffer>> {
  const zip = await readFile(path);
  const damaged = () => new ImportFileError('not a zip file, or a damaged one');
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw damaged();
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  try {
    for (let n = 0; n < count; n++) {
      if (zip.readUInt32LE(at) !== 0x02014b50) throw damaged();
      const method = zip.readUInt16LE(at + 10);
      const size = zip.readUInt32LE(at + 20);
      const nameLength = zip.readUInt16LE(at + 28);
      const extra = zip.readUInt16LE(at + 30);
      const comment = zip.readUInt16LE(at + 32);
      const local = zip.readUInt32LE(at + 42);
      const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
      at += 46 + nameLength + extra + comment;
      if (zip.readUInt32LE(local) !== 0x04034b50) throw damaged();
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      if (data.length !== size) throw damaged();
      if (method === 0) files.set(name, data);
      else if (method === 8) files.set(name, inflateRawSync(data));
      else throw damaged();
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw damaged();
  }
  return files;
}
