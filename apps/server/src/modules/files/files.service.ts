import type { Readable } from 'node:stream';
import {
  ERROR,
  FILE_URL_PREFIX,
  type FileDeleteResponse,
  type FileItem,
  type FileLimits,
  type FileUser,
} from '@tally/contracts';
import { AppError, fieldError } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { FileStore, StagedFile } from './file-store.js';
import type { FilesRepository, FileWithUploader, NewFile } from './files.repository.js';
import { imageSize } from './image-size.js';
import { FILE_TYPES, type FileType, sniff } from './sniff.js';

/** One part of a multipart upload, as @fastify/multipart hands it over. */
export interface IncomingFile {
  filename: string;
  file: Readable & { truncated?: boolean };
}

/** Another area that may point at files (articles, ads), asked before a file is deleted. */
export type FileUsageSource = (urls: string[]) => Promise<Map<string, FileUser[]>>;

export const MAX_FILES_PER_UPLOAD = 20;

const urlOf = (storedName: string) => `${FILE_URL_PREFIX}${storedName}`;

/** The uploaded name for display: its last path segment, without control characters, not too long. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const clean = base.normalize('NFC').replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '');
  return clean.trim().slice(0, 200) || 'file';
}

const formatMb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB`;

interface Checked {
  staged: StagedFile;
  name: string;
  type: FileType;
}

export class FilesService {
  private readonly usageSources: FileUsageSource[] = [];

  constructor(
    private readonly repo: FilesRepository,
    private readonly store: FileStore,
    private readonly maxBytes: number,
    private readonly audit: AuditService,
  ) {}

  addUsageSource(source: FileUsageSource): void {
    this.usageSources.push(source);
  }

  limits(): FileLimits {
    return {
      max_bytes: this.maxBytes,
      max_files: MAX_FILES_PER_UPLOAD,
      types: Object.values(FILE_TYPES).map(({ mime, ext, kind }) => ({ mime, ext, kind })),
    };
  }

  async list(
    filter: { keyword?: string; kind?: string },
    page: { page: number; limit: number; sort: string },
  ) {
    const found = await this.repo.list(filter, page);
    return { ...found, list: found.list.map(toItem) };
  }

  /**
   * All or nothing: every part is staged and checked (size, type sniffed from the bytes) before any
   * is kept. One refused part refuses the request and removes what was staged, so a failed upload
   * leaves no file and no row. Later parts are still read to the end so the client gets the answer
   * instead of a reset connection.
   */
  async upload(
    parts: AsyncIterable<IncomingFile>,
    opts: { actor: Actor; imagesOnly?: boolean },
  ): Promise<FileItem[]> {
    const checked: Checked[] = [];
    const staged: StagedFile[] = [];
    let failure: unknown;
    try {
      for await (const part of parts) {
        if (failure) {
          part.file.resume();
          continue;
        }
        const file = await this.store.stage(part.file);
        staged.push(file);
        const name = displayName(part.filename);
        const result = this.check(file, name, part.file.truncated === true, opts.imagesOnly === true);
        if (result instanceof AppError) failure = result;
        else checked.push(result);
      }
    } catch (err) {
      failure = tooMany(err) ?? err;
    }
    if (!failure && checked.length === 0) failure = fieldError('file', 'choose at least one file');
    if (failure) {
      await Promise.all(staged.map((f) => this.store.discard(f)));
      throw failure;
    }
    const list = await this.keep(checked, opts.actor.userId);
    await this.audit.record({
      actorId: opts.actor.userId,
      action: 'files.upload',
      target: `files:${list.map((f) => f.id).join(',')}`,
      ip: opts.actor.ip,
      after: list.map((f) => ({ id: f.id, name: f.name, url: f.url, size: f.size })),
    });
    return list;
  }

  private check(file: StagedFile, name: string, truncated: boolean, imagesOnly: boolean): Checked | AppError {
    if (truncated || file.size > this.maxBytes) {
      return new AppError(
        ERROR.PAYLOAD_TOO_LARGE,
        413,
        `${name} is larger than the upload limit of ${formatMb(this.maxBytes)}`,
        { file: [`${name}: larger than ${formatMb(this.maxBytes)}`] },
      );
    }
    const type = sniff(file.head);
    if (!type || (imagesOnly && type.kind !== 'image')) {
      const accepted = imagesOnly ? 'an image (PNG, JPEG, GIF, WebP, AVIF, BMP)' : 'an accepted type';
      return fieldError('file', `${name}: the content is not ${accepted}`);
    }
    return { staged: file, name, type };
  }

  private async keep(checked: Checked[], uploaderId: number | null): Promise<FileItem[]> {
    const rows: NewFile[] = [];
    try {
      for (const c of checked) {
        const storedName = this.store.newName(c.type.ext);
        await this.store.accept(c.staged, storedName);
        const size = c.type.kind === 'image' ? imageSize(c.type, c.staged.head) : undefined;
        rows.push({
          storedName,
          originalName: c.name,
          mime: c.type.mime,
          ext: c.type.ext,
          kind: c.type.kind,
          size: c.staged.size,
          width: size?.width ?? null,
          height: size?.height ?? null,
          sha256: c.staged.sha256,
          uploaderId,
        });
      }
      const inserted = await this.repo.insertMany(rows);
      return inserted.map((r) => toItem({ ...r, uploaderName: null }));
    } catch (err) {
      await Promise.all(checked.map((c) => this.store.discard(c.staged)));
      await Promise.all(rows.map((r) => this.store.remove(r.storedName)));
      throw err;
    }
  }

  /** Who uses each of these files; refuses (deletes nothing) while any is used, unless confirmed. */
  async delete(ids: number[], confirm: boolean, actor: Actor): Promise<FileDeleteResponse> {
    const found = await this.repo.findByIds(ids);
    const users = await this.usersOf(found.map((f) => urlOf(f.storedName)));
    const inUse = found
      .map((f) => ({
        file_id: f.id,
        name: f.originalName,
        url: urlOf(f.storedName),
        used_by: users.get(urlOf(f.storedName)) ?? [],
      }))
      .filter((f) => f.used_by.length > 0);
    if (inUse.length > 0 && !confirm) return { deleted: [], in_use: inUse };
    const deleted = await this.repo.delete(found.map((f) => f.id));
    await Promise.all(deleted.map((f) => this.store.remove(f.storedName)));
    if (deleted.length > 0) {
      await this.audit.record({
        actorId: actor.userId,
        action: 'files.delete',
        target: `files:${deleted.map((f) => f.id).join(',')}`,
        ip: actor.ip,
        before: { in_use: inUse },
      });
    }
    return { deleted: deleted.map((f) => f.id), in_use: inUse };
  }

  private async usersOf(urls: string[]): Promise<Map<string, FileUser[]>> {
    const all = new Map<string, FileUser[]>();
    if (urls.length === 0) return all;
    for (const source of this.usageSources) {
      for (const [url, users] of await source(urls)) all.set(url, [...(all.get(url) ?? []), ...users]);
    }
    return all;
  }
}

/** @fastify/multipart's "too many files" error, as our own. */
function tooMany(err: unknown): AppError | undefined {
  if ((err as { code?: string })?.code !== 'FST_FILES_LIMIT') return undefined;
  return new AppError(ERROR.PAYLOAD_TOO_LARGE, 413, `at most ${MAX_FILES_PER_UPLOAD} files at once`, {
    file: [`at most ${MAX_FILES_PER_UPLOAD} files at once`],
  });
}

function toItem(row: FileWithUploader): FileItem {
  return {
    id: row.id,
    name: row.originalName,
    url: urlOf(row.storedName),
    mime: row.mime,
    ext: row.ext,
    kind: row.kind as FileItem['kind'],
    size: row.size,
    width: row.width,
    height: row.height,
    uploader_id: row.uploaderId,
    uploader_name: row.uploaderName ?? '',
    created_at: row.createdAt.toISOString(),
  };
}
