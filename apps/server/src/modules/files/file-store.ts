import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from './sniff.js';

export interface StagedFile {
  tmpPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for sniffing the type and reading image sizes. */
  head: Buffer;
}

const STALE_STAGING_MS = 3600_000;
const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

/**
 * The bytes of uploaded files on local disk: `DATA_DIR/files/<random>.<ext>` once accepted, and a
 * staging directory beside it (same file system, so accepting is an atomic rename) for uploads still
 * being checked. Staged files a crashed process left behind are cleared on start.
 */
export class FileStore {
  readonly dir: string;
  private readonly stagingDir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'files');
    this.stagingDir = path.join(dataDir, 'files-staging');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await mkdir(this.stagingDir, { recursive: true });
    // Only old leftovers: another process sharing DATA_DIR may be staging an upload right now.
    const cutoff = Date.now() - STALE_STAGING_MS;
    for (const name of await readdir(this.stagingDir)) {
      const file = path.join(this.stagingDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  }

  /** Writes a stream to the staging directory, hashing and counting on the way. */
  async stage(stream: Readable): Promise<StagedFile> {
    const tmpPath = path.join(this.stagingDir, randomBytes(16).toString('hex'));
    const hash = createHash('sha256');
    let size = 0;
    async function* count(source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
    }
    try {
      await pipeline(stream, count, createWriteStream(tmpPath, { flags: 'wx' }));
    } catch (err) {
      await rm(tmpPath, { force: true });
      throw err;
    }
    return { tmpPath, size, sha256: hash.digest('hex'), head: await readHead(tmpPath) };
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.tmpPath, { force: true });
  }

  /** A fresh random name with the sniffed extension; the uploaded name never reaches the disk. */
  newName(ext: string): string {
    return `${randomBytes(16).toString('hex')}.${ext}`;
  }

  async accept(staged: StagedFile, storedName: string): Promise<void> {
    await rename(staged.tmpPath, this.pathOf(storedName));
  }

  async remove(storedName: string): Promise<void> {
    await rm(this.pathOf(storedName), { force: true });
  }

  /** Names on disk, for tests and checks that nothing was left behind. */
  async listAll(): Promise<{ stored: string[]; staging: string[] }> {
    return { stored: await readdir(this.dir), staging: await readdir(this.stagingDir) };
  }

  private pathOf(storedName: string): string {
    // Names come from newName() or from our own rows; the check keeps a bug from ever reaching outside.
    if (!STORED_NAME.test(storedName)) throw new Error(`bad stored file name: ${storedName}`);
    return path.join(this.dir, storedName);
  }
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
