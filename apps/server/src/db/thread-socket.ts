import { Duplex } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

/**
 * The socket node-postgres talks through to the embedded database's thread (pglite-thread.mjs): what
 * it writes goes over a MessagePort as wire-protocol bytes, and the thread's answers come back as
 * reads. node-postgres drives it exactly as it drives a TCP connection to PostgreSQL.
 */
export class ThreadSocket extends Duplex {
  private pending: Buffer[] = [];

  constructor(private readonly port: MessagePort) {
    super({ allowHalfOpen: false });
    port.on('message', (data: Uint8Array | { error: string }) => {
      if (data instanceof Uint8Array) this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      else this.destroy(new Error(`embedded database: ${data.error}`));
    });
    // The thread's end of the session closed: the thread is gone.
    port.on('close', () => this.destroy(new Error('the embedded database thread has ended')));
  }

  // The parts of net.Socket that node-postgres calls.
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  /** node-postgres unrefs an idle connection's socket and refs it for a query; the port follows. */
  ref(): this {
    this.port.ref();
    return this;
  }
  unref(): this {
    this.port.unref();
    return this;
  }

  override _read(): void {}

  /**
   * node-postgres writes a query as several protocol messages in one go (parse, bind, describe,
   * execute, sync); they are gathered until the end of the tick and cross to the thread as one, so
   * PGlite handles the query in one call instead of five.
   */
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    if (this.pending.length === 0) process.nextTick(() => this.flush());
    this.pending.push(chunk);
    done();
  }

  override _final(done: (err?: Error | null) => void): void {
    this.flush();
    this.push(null);
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.port.close();
    done(err);
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    // A copy of just these bytes (a Buffer may be a slice of a larger pool), handed over, not cloned.
    const bytes = new Uint8Array(Buffer.concat(this.pending));
    this.pending = [];
    this.port.postMessage(bytes, [bytes.buffer]);
  }
}
