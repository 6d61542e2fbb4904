import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_KINDS, type ImportItem, type ImportKind } from '@tally/contracts';
import type { Database } from '../../db/client.js';
import type { ImportRow } from '../../db/schema/index.js';
import type { Jobs } from '../../jobs/index.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { SubscriptionsService } from '../billing/subscriptions.service.js';
import type { AuthContext } from '../sessions/sessions.service.js';
import type { SitesService } from '../sites/sites.service.js';
import { ImportFileError } from './formats/errors.js';
import { importFormat } from './import-formats.js';
import type { ImportSite } from './import-hit.js';
import { ImportRunner, type RunOptions } from './import-runner.js';
import type { ImportsRepository } from './imports.repository.js';

export const IMPORT_JOB = 'imports.run';
export const IMPORT_RESUME_JOB = 'imports.resume';
/** An import untouched this long while queued or running is picked up again (its worker died). */
export const IMPORT_STALL_SECONDS = 120;
/** The plan's allowance of imported rows: this many months of its monthly page views. */
export const IMPORT_MONTHS_OF_QUOTA = 12;

/** A file received for an import: already on disk under the imports folder, with its hash. */
export interface ReceivedFile {
  name: string;
  path: string;
  sha256: string;
  bytes: number;
}

export interface ImportsDeps {
  db: Database;
  repo: ImportsRepository;
  sites: SitesService;
  subscriptions: SubscriptionsService;
  jobs: Jobs;
  /** `DATA_DIR/imports`: each import's files in a folder named by its id. */
  dir: string;
}

const toItem = (r: ImportRow): ImportItem => ({
  id: r.id,
  site_id: r.siteId,
  kind: r.kind as ImportKind,
  file_name: r.fileName,
  bytes: r.bytes,
  status: r.status as ImportItem['status'],
  rows_total: r.rowsTotal,
  rows_done: r.rowsDone,
  rows_written: r.rowsWritten,
  rows_skipped: r.rowsSkipped,
  percent:
    r.status === 'done'
      ? 100
      : r.rowsTotal > 0
        ? Math.min(100, Math.floor((r.rowsDone / r.rowsTotal) * 100))
        : 0,
  error_count: r.errorCount,
  errors: (Array.isArray(r.errors) ? r.errors : []) as ImportItem['errors'],
  failure: r.failure,
  from: r.minTs?.toISOString() ?? null,
  to: r.maxTs?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

/** Writes a stream to `target`, hashing and counting it on the way. */
export async function storeStream(
  source: Readable,
  target: string,
): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, count, createWriteStream(target));
  return { sha256: hash.digest('hex'), bytes };
}

/** The first bytes of a file, to tell Umami's two tables apart by their header. */
async function head(file: string): Promise<string> {
  const f = await open(file, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await f.read(buf, 0, buf.length, 0);
    return buf.toString('utf8', 0, bytesRead).split(/\r?\n/, 1)[0]!.toLowerCase();
  } finally {
    await f.close();
  }
}

/**
 * History imports: receive the files of one (deduplicated by their hash per site, limited by the
 * owner's plan), run it as a job (imports.run) that resumes after a crash, show its progress, and
 * undo it (delete everything it wrote).
 */
export class ImportsService {
  private readonly runner: ImportRunner;

  constructor(private readonly deps: ImportsDeps) {
    this.runner = new ImportRunner(deps.db, deps.repo);
  }

  /** A path in the imports folder for a file being received. */
  async uploadPath(): Promise<string> {
    await mkdir(this.deps.dir, { recursive: true });
    return path.join(this.deps.dir, `upload-${randomBytes(8).toString('hex')}`);
  }

  /** A copy of a local file in the imports folder, hashed on the way (the command line's upload). */
  async receiveLocal(file: string): Promise<ReceivedFile> {
    const target = await this.uploadPath();
    return {
      name: path.basename(file),
      path: target,
      ...(await storeStream(createReadStream(file), target)),
    };
  }

  async list(auth: AuthContext, siteId: number): Promise<ImportItem[]> {
    await this.deps.sites.owned(auth, siteId);
    return (await this.deps.repo.list(siteId)).map(toItem);
  }

  /** What the owner's plan still allows (null: no limit, for admins). */
  private async rowLimit(auth: AuthContext | null, ownerId: number): Promise<number | null> {
    if (!auth || auth.roles.includes('admin')) return null;
    const plan = await this.deps.subscriptions.info(ownerId);
    return (
      IMPORT_MONTHS_OF_QUOTA * plan.plan.limits.monthly_pageviews -
      (await this.deps.repo.rowsOfOwner(ownerId))
    );
  }

  /**
   * Registers an import of received files and queues its job; the same bytes already imported on
   * the site (and not undone) answer that import, and the new copies are dropped. `auth` null is the
   * command line (the operator: no plan limit).
   */
  async create(
    auth: AuthContext | null,
    input: { siteId: number; kind: string; files: ReceivedFile[] },
    opts: { queue?: boolean } = {},
  ): Promise<{ import: ImportItem; duplicate: boolean }> {
    try {
      if (!(IMPORT_KINDS as readonly string[]).includes(input.kind))
        throw fieldError('kind', 'choose umami, plausible or log');
      const site = auth
        ? await this.deps.sites.owned(auth, input.siteId)
        : await this.deps.sites.row(input.siteId);
      if (!site) throw notFound('site not found');
      if (input.files.length === 0 || input.files.some((f) => f.bytes === 0))
        throw fieldError('file', 'the file is empty');
      const files = await this.ordered(input.kind as ImportKind, input.files);
      const hash = createHash('sha256')
        .update(`${input.kind}\u0000${files.map((f) => f.sha256).join('\u0000')}`)
        .digest('hex');
      const made = await this.deps.repo.create({
        siteId: site.id,
        userId: auth?.userId ?? null,
        kind: input.kind,
        fileName: files.map((f) => f.name).join(', '),
        fileHash: hash,
        bytes: files.reduce((n, f) => n + f.bytes, 0),
        rowLimit: await this.rowLimit(auth, site.userId),
      });
      if (!made.created) {
        await Promise.all(input.files.map((f) => rm(f.path, { force: true })));
        return { import: toItem(made.row), duplicate: true };
      }
      const folder = path.join(this.deps.dir, String(made.row.id));
      await mkdir(folder, { recursive: true });
      // Named by position: the run reads them back in this order (Umami: events, then sessions).
      for (const [i, f] of files.entries()) await rename(f.path, path.join(folder, `${i}`));
      if (opts.queue !== false) await this.queue(made.row.id);
      return { import: toItem(made.row), duplicate: false };
    } catch (err) {
      await Promise.all(input.files.map((f) => rm(f.path, { force: true })));
      throw err;
    }
  }

  /**
   * Umami's tables in the order the run reads them (and the import's hash takes them): website_event
   * first, then session, then event_data, each told by its header and at most once.
   */
  private async ordered(kind: ImportKind, files: ReceivedFile[]): Promise<ReceivedFile[]> {
    if (kind !== 'umami') {
      if (files.length !== 1) throw fieldError('file', 'send one file');
      return files;
    }
    const heads = await Promise.all(files.map((f) => head(f.path)));
    const table = (i: number) =>
      heads[i]!.includes('url_path') ? 0 : heads[i]!.includes('data_key') ? 2 : 1;
    const tables = files.map((_, i) => table(i));
    if (tables.filter((t) => t === 0).length !== 1 || new Set(tables).size !== tables.length)
      throw fieldError('file', 'an Umami import needs the website_event CSV');
    return files
      .map((f, i) => ({ f, t: tables[i]! }))
      .sort((a, b) => a.t - b.t)
      .map(({ f }) => f);
  }

  queue(id: number): Promise<string | null> {
    return this.deps.jobs.send(IMPORT_JOB, { id }, { singletonKey: `import:${id}` });
  }

  /** Picks up imports whose worker died (the resume job, every minute). */
  async resumeStalled(): Promise<number> {
    const ids = await this.deps.repo.stalled(IMPORT_STALL_SECONDS);
    for (const id of ids) await this.queue(id);
    return ids.length;
  }

  async get(id: number): Promise<ImportItem | undefined> {
    const row = await this.deps.repo.get(id);
    return row && toItem(row);
  }

  /**
   * The job: runs the import from its cursor. A malformed file or a quota refusal fails it and keeps
   * nothing; any other error (the database gone, the process stopping) leaves the cursor where the
   * last chunk committed, and the job's retry (or the resume job) continues from there.
   */
  async run(id: number, opts: RunOptions = {}): Promise<ImportItem | undefined> {
    const imp = await this.deps.repo.get(id);
    if (!imp || !['queued', 'running'].includes(imp.status)) return imp && toItem(imp);
    const site = await this.deps.sites.row(imp.siteId);
    if (!site) return undefined;
    const where: ImportSite = {
      id: site.id,
      domains: site.domains,
      timezone: site.timezone,
      ignoredIps: site.ignoredIps,
      maskIp: site.maskIp,
    };
    const folder = path.join(this.deps.dir, String(id));
    const files = (await readdir(folder).catch(() => [] as string[])).sort().map((f) => path.join(folder, f));
    try {
      await this.runner.run(imp, where, importFormat(imp.kind, files, where), opts);
    } catch (err) {
      if (!(err instanceof ImportFileError)) throw err;
      await this.finish(imp, 'failed', err.message);
      return this.get(id);
    }
    await this.finish(imp, 'done');
    return this.get(id);
  }

  /** Ends an import: failed ones keep nothing of what they wrote; the files go either way. */
  private async finish(imp: ImportRow, status: 'done' | 'failed', failure: string | null = null) {
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.in(tx);
      if (status === 'failed') {
        const current = (await repo.get(imp.id)) ?? imp;
        await repo.deleteWritten(current);
        await repo.resetProgress(imp.id);
      }
      await repo.setStatus(imp.id, status, failure);
    });
    await rm(path.join(this.deps.dir, String(imp.id)), { recursive: true, force: true });
  }

  /** Deletes everything an import wrote; the rollups of its hours are recounted by the next job run. */
  async undo(auth: AuthContext | null, id: number): Promise<ImportItem> {
    const imp = await this.deps.repo.get(id);
    if (!imp) throw notFound('import not found');
    if (auth) await this.deps.sites.owned(auth, imp.siteId);
    if (imp.status === 'undone') throw fieldError('id', 'already undone');
    if (imp.status === 'running' || imp.status === 'queued')
      throw fieldError('id', 'this import is still running');
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.in(tx);
      await repo.deleteWritten(imp);
      await repo.setStatus(id, 'undone', imp.failure);
    });
    return toItem((await this.deps.repo.get(id))!);
  }
}
