// Shared helpers for benchmarks: start the built server as a child process, a bare Fastify baseline, autocannon.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');
export const serverDist = path.join(root, 'apps/server/dist');

export function tempDir(prefix) {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export async function waitForHealth(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

/** The real product, built, as its own process (what an operator runs). */
export async function startServer(env) {
  // SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under load.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(serverDist, 'cli.js'), 'serve'], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  await waitForHealth(url);
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The baseline: Fastify answering the same JSON shape (or 204) with no work behind it, as its own process. */
export async function startBare(port, status = 200) {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'bare-server.mjs'), String(port), String(status)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/bare`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 20, duration: 10, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

export function summary(name, res) {
  return {
    name,
    rps: Math.round(res.requests.average),
    p50: res.latency.p50,
    p99: res.latency.p99,
    non2xx: res.non2xx,
    errors: res.errors + res.timeouts,
  };
}

export function printTable(rows) {
  console.table(rows);
}

// ---------------------------------------------------------------- processes from /proc (Linux)

export function statusOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
}

/** The PostgreSQL postmaster listening on `port` and all its backends. */
export function postgresPids(port) {
  const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const master = pids.find((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return cmd[0]?.endsWith('/postgres') && cmd[cmd.indexOf('-p') + 1] === String(port);
    } catch {
      return false;
    }
  });
  if (!master) return [];
  const children = pids.filter((pid) => /^PPid:\s+(\d+)/m.exec(statusOf(pid))?.[1] === master);
  return [master, ...children];
}

/**
 * CPU time (user + system) of a process so far in ms (clock ticks of 10 ms); 0 once it is gone.
 * `reaped`: with its exited children's too (`cutime` + `cstime`), see postgresCpuMs.
 */
export function cpuMs(pid, reaped = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU of the PostgreSQL server on `port` so far, in ms: the postmaster with the backends it has reaped
 * and the living backends. Summing the living processes only loses a backend's time once it exits (a
 * pool closing an idle connection mid-run), and a run's figure can then come out near zero.
 */
export function postgresCpuMs(port) {
  const [master, ...backends] = postgresPids(port);
  if (!master) return 0;
  return backends.reduce((ms, pid) => ms + cpuMs(pid), cpuMs(master, true));
}
