// A throwaway PostgreSQL cluster for the test suite, when TEST_DATABASE_URL is not given.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function binDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions)
    if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  return undefined;
}

/** initdb refuses to run as root, so as root the cluster belongs to the postgres user. */
function command(bin, args) {
  const asRoot = process.getuid?.() === 0;
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

function run(bin, args) {
  const res = spawnSync(...command(bin, args), { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed:\n${res.stdout}${res.stderr}`);
}

/** As `run`, without blocking the event loop (a test keeps its load running meanwhile). */
function runAsync(bin, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(...command(bin, args), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${bin} ${args.join(' ')} failed:\n${out}`)),
    );
  });
}

export function startTempPostgres(port = Number(process.env.PG_TEMP_PORT ?? 55432)) {
  const bin = binDir();
  if (!bin) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'tally-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = ['-D', data, '-w', '-l', path.join(dir, 'log'), '-o', options];
  run(path.join(bin, 'pg_ctl'), [...pgCtl, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /**
     * pg_ctl on this cluster, with its port and options, waiting for it to finish and not blocking
     * meanwhile: `ctl('restart', '-m', 'fast')`, `ctl('stop', '-m', 'fast')`, `ctl('start')`.
     */
    ctl: (...args) => runAsync(path.join(bin, 'pg_ctl'), [...pgCtl, ...args]),
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
