import type { Database } from '../../db/client.js';
import type { ImportRow } from '../../db/schema/index.js';
import { ImportFileError } from './formats/errors.js';
import { readPlausible } from './formats/plausible.js';
import type { ImportFormat } from './import-formats.js';
import type { ImportHit, ImportRowResult, ImportSite } from './import-hit.js';
import { type ChunkWrites, ImportsRepository, type Progress } from './imports.repository.js';
import { type ChunkPlan, ImportSessions } from './sessions.js';

/**
 * Rows per committed chunk: one transaction of a few bulk writes (the resume point moves with it).
 * Large, so that few visits span two chunks (each such one is updated again) and the fixed cost of a
 * transaction spreads thin; small enough that the page's progress moves every second or two.
 */
export const IMPORT_CHUNK_ROWS = 25_000;
/** Refused rows kept with their line and message (the rest are only counted). */
const ERRORS_KEPT = 20;

export interface RunOptions {
  /** Called after each committed chunk (the command line prints it). */
  onProgress?: (imp: { rowsDone: number; rowsTotal: number }) => void;
  /** Test seam: throw after this many committed chunks, as a worker killed mid-way would stop. */
  crashAfterChunks?: number;
  /** Test seam: rows per chunk (IMPORT_CHUNK_ROWS), so a small file spans several. */
  chunkRows?: number;
}

/** A quota refusal: the import fails before writing anything. */
export class ImportQuotaError extends ImportFileError {}

/**
 * Visit ids from the visits' sequence, taken a chunk's worth at a time (outside any transaction: a
 * chunk rolled back only leaves a gap in the sequence).
 */
class VisitIds {
  private pool: number[] = [];
  constructor(private readonly allocate: (n: number) => Promise<number[]>) {}

  async take(n: number): Promise<number[]> {
    if (this.pool.length < n)
      this.pool.push(...(await this.allocate(Math.max(n - this.pool.length, IMPORT_CHUNK_ROWS))));
    return this.pool.splice(0, n);
  }
}

function emptyProgress(rowsDone: number): Progress {
  return { rowsDone, written: 0, skipped: 0, errorCount: 0, errors: [], minTs: null, maxTs: null };
}

/**
 * Runs one import to its end: counts and checks the file(s) first (a malformed file, or one over the
 * plan's allowance, fails before a row is written), then writes rows in chunks from the committed
 * cursor on. Each chunk's rows, the visits it opens or continues, its dirty hours and the cursor move
 * commit together, so a run stopped anywhere resumes exactly after the last committed chunk.
 */
export class ImportRunner {
  private readonly ids: VisitIds;

  constructor(
    private readonly db: Database,
    private readonly repo: ImportsRepository,
  ) {
    this.ids = new VisitIds((n) => repo.allocateVisitIds(n));
  }

  async run(imp: ImportRow, site: ImportSite, format: ImportFormat, opts: RunOptions = {}): Promise<void> {
    let { rowsTotal } = imp;
    if (imp.rowsDone === 0 && rowsTotal === 0) {
      rowsTotal = await format.count();
      if (imp.rowLimit !== null && rowsTotal > imp.rowLimit)
        throw new ImportQuotaError(
          `the import holds ${rowsTotal} rows; your plan allows ${Math.max(0, imp.rowLimit)} more imported rows`,
        );
    }
    await this.repo.setCounted(imp.id, rowsTotal);
    if (imp.kind === 'plausible') await this.daily(imp, format);
    else await this.raw({ ...imp, rowsTotal }, site, format, opts);
  }

  /** Plausible: the aggregates are a few rows a day, written in one transaction. */
  private async daily(imp: ImportRow, format: ImportFormat): Promise<void> {
    if (imp.rowsDone > 0) return;
    const data = await readPlausible(format.files[0]!);
    await this.db.transaction(async (tx) => {
      const repo = this.repo.in(tx);
      await repo.insertDaily(imp.siteId, imp.id, data.rows);
      await repo.advance(imp.id, 0, {
        ...emptyProgress(data.read),
        written: data.read - data.errorCount,
        errorCount: data.errorCount,
        errors: data.errors,
      });
    });
  }

  private async raw(imp: ImportRow, site: ImportSite, format: ImportFormat, opts: RunOptions): Promise<void> {
    const sessions = new ImportSessions(site, imp.id);
    const chunkRows = opts.chunkRows ?? IMPORT_CHUNK_ROWS;
    for (const v of await this.repo.openVisits(imp.siteId, imp.id)) sessions.restore(v);
    let done = imp.rowsDone;
    let kept = Array.isArray(imp.errors) ? imp.errors.length : 0;
    let chunks = 0;
    let index = 0;
    let batch: ImportRowResult[] = [];
    // One chunk is written while the next is read and placed; commits stay in order.
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      const chunk = await this.prepare(imp, sessions, batch, done, kept);
      kept += chunk.progress.errors.length;
      const from = done;
      done = chunk.progress.rowsDone;
      batch = [];
      await writing;
      writing = this.commit(imp, chunk, from).then(() => {
        opts.onProgress?.({ rowsDone: chunk.progress.rowsDone, rowsTotal: imp.rowsTotal });
        chunks++;
        if (opts.crashAfterChunks !== undefined && chunks >= opts.crashAfterChunks)
          throw new Error('simulated crash');
      });
      // A failed write stops the reading at once (its rejection is awaited below or at the next chunk).
      writing.catch(() => undefined);
    };
    for await (const rows of format.rows())
      for (const result of rows) {
        // Rows before the cursor were committed by an earlier run.
        if (index++ < done) continue;
        batch.push(result);
        if (batch.length >= chunkRows) await flush();
      }
    if (batch.length > 0) await flush();
    await writing;
  }

  /** A chunk's rows placed into visits, its statements' values and its progress, ready to commit. */
  private async prepare(
    imp: ImportRow,
    sessions: ImportSessions,
    batch: ImportRowResult[],
    from: number,
    kept: number,
  ): Promise<{ writes: ChunkWrites; progress: Progress; plan: ChunkPlan }> {
    const progress = emptyProgress(from + batch.length);
    const hits: ImportHit[] = [];
    for (const r of batch) {
      if ('hit' in r) {
        hits.push(r.hit);
        if (!progress.minTs || r.hit.ts < progress.minTs) progress.minTs = r.hit.ts;
        if (!progress.maxTs || r.hit.ts > progress.maxTs) progress.maxTs = r.hit.ts;
      } else if ('skipped' in r) progress.skipped++;
      else {
        progress.errorCount++;
        if (kept + progress.errors.length < ERRORS_KEPT)
          progress.errors.push({ line: r.line, message: r.error });
      }
    }
    progress.written = hits.length;
    const plan = await sessions.place(hits, (n) => this.ids.take(n));
    return { writes: ImportsRepository.chunkWrites(imp.siteId, plan, this.repo.copies), progress, plan };
  }

  /** The chunk's rows and the cursor's move, in one transaction. */
  private async commit(
    imp: ImportRow,
    chunk: { writes: ChunkWrites; progress: Progress; plan: ChunkPlan },
    from: number,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repo = this.repo.in(tx);
      await repo.writeChunk(chunk.writes);
      if (!(await repo.advance(imp.id, from, chunk.progress)))
        throw new Error(`import ${imp.id} moved on under this run (another worker has it)`);
    });
    // Stored now: the enrichment is not needed again (later chunks update these visits).
    for (const v of chunk.plan.fresh) v.source = undefined;
  }
}
