import { MessageChannel, Worker } from 'node:worker_threads';
import { ThreadSocket } from './thread-socket.js';

const ENTRY = new URL('../../src/db/pglite-thread.mjs', import.meta.url);

export interface PgliteThreadOptions {
  dataDir?: string;
  /** A tarball made by `dump()`. */
  snapshot?: Blob;
  /** postgresql.conf lines. */
  conf: string[];
}

/**
 * The embedded database's thread (its code: pglite-thread.mjs), seen from the server's side: it opens
 * PGlite there, hands out sockets for node-postgres, and dumps and closes it.
 */
export class PgliteThread {
  /** Why the thread is gone, once it is: new sessions then fail at once instead of waiting forever. */
  private ended?: Error;
  private closing = false;
  /**
   * Settles, with the reason, if the thread ends without `close()`: PGlite aborted or its code threw.
   * Nothing can be written from then on; the owner decides what to do (the server exits).
   */
  readonly lost: Promise<Error>;

  private constructor(private readonly worker: Worker) {
    let reportLost: (err: Error) => void = () => {};
    this.lost = new Promise((resolve) => {
      reportLost = resolve;
    });
    worker.on('error', (err) => {
      this.ended ??= err;
    });
    worker.on('exit', (code) => {
      this.ended ??= new Error(`the embedded database thread exited (${code})`);
      if (!this.closing) reportLost(this.ended);
    });
  }

  static async start(opts: PgliteThreadOptions): Promise<PgliteThread> {
    const snapshot = await opts.snapshot?.arrayBuffer();
    const worker = new Worker(ENTRY, {
      workerData: { dataDir: opts.dataDir, snapshot, conf: opts.conf },
      transferList: snapshot ? [snapshot] : [],
    });
    const thread = new PgliteThread(worker);
    const opened = await Promise.race([
      new Promise<{ type: string; message?: string }>((resolve) => worker.once('message', resolve)),
      thread.lost.then((err) => ({ type: 'failed', message: err.message })),
    ]);
    if (opened.type !== 'ready') {
      await worker.terminate();
      throw new Error(`the embedded database did not open: ${opened.message}`);
    }
    return thread;
  }

  /** A new session: the socket node-postgres connects through. */
  socket(): ThreadSocket {
    const { port1, port2 } = new MessageChannel();
    if (this.ended) port2.close();
    else this.worker.postMessage({ type: 'session', port: port2 }, [port2]);
    return new ThreadSocket(port1);
  }

  async dump(): Promise<Blob> {
    const { data } = await this.ask<{ data: ArrayBuffer }>('dump');
    return new Blob([data]);
  }

  /** Closes PGlite (a clean shut-down, as on PostgreSQL) and ends the thread. */
  async close(): Promise<void> {
    this.closing = true;
    // A thread that already ended has nothing left to close.
    if (this.ended) return;
    await this.ask('closed', 'close');
    await this.worker.terminate();
  }

  /** Sends a request and waits for the thread's answer of type `answer`. */
  private ask<T>(answer: string, request = answer): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    return new Promise<T>((resolve, reject) => {
      const onMessage = (msg: { type: string }) => {
        if (msg.type !== answer) return;
        this.worker.off('message', onMessage).off('exit', onExit);
        resolve(msg as T);
      };
      const onExit = () => reject(this.ended);
      this.worker.on('message', onMessage).once('exit', onExit);
      this.worker.postMessage({ type: request });
    });
  }
}
