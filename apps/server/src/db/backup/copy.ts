import type pg from 'pg';

/**
 * `COPY … TO STDOUT` and `COPY … FROM STDIN` on a node-postgres client, as "submittables" (the hook
 * node-postgres gives custom queries), so both backends run them the same way, the embedded one
 * included: it is reached through the same driver over the wire protocol (db/thread-socket.ts).
 *
 * Two things are shaped by the embedded database:
 * - Its thread answers each message batch whole, so a `COPY TO` is run per batch of rows (the caller
 *   pages by primary key) instead of one stream per table.
 * - It handles one message batch per call and cannot wait for more input in the middle of a
 *   statement: a `COPY FROM STDIN` whose data came in a later batch ended PGlite (`exit(1)`). So the
 *   data and CopyDone are written in the same tick as the query, before the server asks for them. A
 *   PostgreSQL server accepts that too: it reads them as the copy proceeds, and if the copy fails
 *   first it skips the CopyData and CopyDone that follow, as the protocol says.
 */

/** What node-postgres hands a submittable: the parts of its Connection used here. */
interface Connection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

abstract class CopyQuery<T> implements pg.Submittable {
  private settled = false;
  /** Rows the server says it copied (the `COPY n` command tag). */
  protected rows = -1;
  private resolve!: (value: T) => void;
  private reject!: (err: Error) => void;
  readonly done: Promise<T>;

  constructor(protected readonly text: string) {
    this.done = new Promise<T>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  protected abstract result(): T;

  submit(connection: unknown): void {
    (connection as Connection).query(this.text);
  }

  handleError(err: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(err);
  }

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(this.result());
  }

  handleCopyInResponse(connection: unknown): void {
    // Only a COPY FROM sends data, and it has sent it already.
    if (!(this instanceof CopyIn)) (connection as Connection).sendCopyFail('not a COPY FROM');
  }

  handleCopyData(_msg: { chunk: Buffer }): void {}
  handleCommandComplete(msg: { text?: string }): void {
    const m = /^COPY (\d+)$/.exec(msg.text ?? '');
    if (m) this.rows = Number(m[1]);
  }
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
}

/** `COPY (…) TO STDOUT`: the rows in COPY's text format, one line each, and their count. */
export class CopyOut extends CopyQuery<{ data: Buffer; rows: number }> {
  private readonly chunks: Buffer[] = [];

  override handleCopyData(msg: { chunk: Buffer }): void {
    // Copied at once: the chunk is a view into the driver's read buffer, which the next socket read
    // may overwrite (seen on PostgreSQL over TCP: rows garbled past the first read).
    this.chunks.push(Buffer.from(msg.chunk));
  }

  protected result() {
    return { data: Buffer.concat(this.chunks), rows: this.rows };
  }
}

/** `COPY … FROM STDIN` with all of its data, sent with the statement (see above). */
export class CopyIn extends CopyQuery<number> {
  constructor(
    text: string,
    private readonly data: Buffer,
  ) {
    super(text);
  }

  override submit(connection: unknown): void {
    const c = connection as Connection;
    c.query(this.text);
    if (this.data.length > 0) c.sendCopyFromChunk(this.data);
    c.endCopyFrom();
  }

  protected result(): number {
    return this.rows;
  }
}

/** The rows of a `COPY … TO STDOUT`, and how many the server says it sent. */
export function copyOut(client: pg.ClientBase, text: string): Promise<{ data: Buffer; rows: number }> {
  const query = new CopyOut(text);
  client.query(query);
  return query.done;
}

/** Runs a `COPY … FROM STDIN` with `data`; how many rows the server says it copied. */
export function copyIn(client: pg.ClientBase, text: string, data: Buffer): Promise<number> {
  const query = new CopyIn(text, data);
  client.query(query);
  return query.done;
}
