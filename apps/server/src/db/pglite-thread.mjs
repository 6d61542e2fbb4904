// @ts-check
/**
 * The embedded database's own thread: PGlite runs here, so its work (a batch write, a report, a
 * rollup recount) never blocks the server's event loop, and the embedded mode uses a second core.
 * The server talks to it with node-postgres over a MessagePort carrying the PostgreSQL wire protocol
 * (thread-socket.ts), exactly as it talks to a PostgreSQL server over TCP.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
// Trigram indexes for substring search (用户管理's keyword), as on a PostgreSQL server.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
// The wire-protocol encoder node-postgres itself uses.
import { serialize } from 'pg-protocol';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dataDir, snapshot, conf } = workerData;

/** One step at a time: protocol exchanges, dumps and the close never interleave. */
let queue = Promise.resolve();
/** @param {() => Promise<void>} step */
const enqueue = (step) => {
  queue = queue.then(step, step);
};

/**
 * What PostgreSQL does when a connection ends, done when the next one begins: PGlite is one backend,
 * so a session that ended mid-transaction, or left prepared statements and advisory locks behind
 * (node-postgres drops a connection after any failed pool query), must not leak into the next.
 * The answers are dropped: the new session never sees them.
 */
const SESSION_RESET = ['rollback', 'discard all'].map((sql) => serialize.query(sql));

/**
 * One exchange: the wire message in, PGlite's answer out, copied out of its memory (the chunks are
 * views into it). Through execProtocolRawStream, not execProtocolRaw: PGlite 0.5.16's plain raw path
 * also parses every answer into a list of results that only execProtocol() empties, and this session
 * never calls that, so every query's parsed answer was kept for the life of the process (measured: more
 * than 1 KB a query, hundreds of MB under load). The stream path hands the bytes over and keeps nothing.
 * @param {PGlite} db @param {Uint8Array} bytes
 */
async function exchange(db, bytes) {
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  await db.execProtocolRawStream(bytes, {
    onRawData(chunk) {
      chunks.push(chunk.slice());
      size += chunk.length;
    },
  });
  if (chunks.length === 1) return /** @type {Uint8Array} */ (chunks[0]);
  const answer = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    answer.set(chunk, at);
    at += chunk.length;
  }
  return answer;
}

/** @param {PGlite} db @param {import('node:worker_threads').MessagePort} session */
function serve(db, session) {
  enqueue(async () => {
    for (const message of SESSION_RESET) await exchange(db, message);
  });
  session.on('message', (/** @type {Uint8Array} */ bytes) =>
    enqueue(async () => {
      try {
        // Handed over without a second copy.
        const answer = await exchange(db, bytes);
        if (answer.length > 0) session.postMessage(answer, [answer.buffer]);
      } catch (err) {
        session.postMessage({ error: String(/** @type {Error} */ (err)?.message ?? err) });
      }
    }),
  );
}

try {
  const db = await PGlite.create({
    dataDir,
    loadDataDir: snapshot ? new Blob([snapshot]) : undefined,
    postgresqlconf: conf,
    extensions: { pg_trgm },
  });
  port.on('message', (msg) => {
    if (msg.type === 'session') serve(db, msg.port);
    else if (msg.type === 'dump')
      enqueue(async () => {
        const data = await (await db.dumpDataDir('gzip')).arrayBuffer();
        port.postMessage({ type: 'dump', data }, [data]);
      });
    else if (msg.type === 'close')
      enqueue(async () => {
        await db.close();
        port.postMessage({ type: 'closed' });
      });
  });
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'failed', message: String(/** @type {Error} */ (err)?.message ?? err) });
}
