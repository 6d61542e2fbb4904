// Login and user/info throughput and p99 on the built server (PGlite, or PostgreSQL with BENCH_DATABASE_URL),
// measured in the same run. Usage: npm run build && node bench/auth.mjs [seconds]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { printTable, run, serverDist, startBare, startServer, summary, tempDir } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 10);
const USERS = 40;
const PASSWORD = 'bench password 123';
const dataDir = tempDir('tally-bench-auth-');

// Accounts are made before the server starts: PGlite admits one process per data directory.
{
  const { loadConfig } = await import(pathToFileURL(path.join(serverDist, 'config.js')).href);
  const { openDatabase } = await import(pathToFileURL(path.join(serverDist, 'db/client.js')).href);
  const { createServices } = await import(pathToFileURL(path.join(serverDist, 'app.js')).href);
  const { default: pino } = await import('pino');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
  });
  const db = await openDatabase(config);
  await db.migrate();
  const services = createServices({ config, db }, pino({ level: 'warn' }));
  await Promise.all(
    Array.from({ length: USERS }, (_, i) =>
      services.users.create({
        username: `bench${i}`,
        email: `bench${i}@example.test`,
        password: PASSWORD,
        roles: ['user'],
      }),
    ),
  );
  await db.close();
}

const server = await startServer({
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  DATA_DIR: dataDir,
  PORT: '18931',
  CAPTCHA_ENABLED: 'false',
  TRUST_PROXY: 'true',
});
const bare = await startBare(18932);
const json = { 'content-type': 'application/json' };

try {
  let n = 0;
  // Each login comes from its own address and rotates accounts, so throttling measures nothing here.
  const login = await run({
    url: `${server.url}/api/v1/api2/auth/login`,
    duration: seconds,
    connections: 8,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          n += 1;
          return {
            ...req,
            headers: { ...json, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
            body: JSON.stringify({ username: `bench${n % USERS}`, password: PASSWORD }),
          };
        },
      },
    ],
  });

  const res = await fetch(`${server.url}/api/v1/api2/auth/login`, {
    method: 'POST',
    headers: { ...json, 'x-forwarded-for': '10.255.255.1' },
    body: JSON.stringify({ username: 'bench0', password: PASSWORD }),
  });
  const token = (await res.json()).data.x_token;
  const info = await run({
    url: `${server.url}/api/v1/api2/user/info`,
    method: 'POST',
    duration: seconds,
    headers: { ...json, 'x-token': token },
    body: '{}',
  });
  const baseline = await run({ url: bare.url, method: 'POST', duration: seconds, headers: json, body: '{}' });

  const rows = [summary('auth/login', login), summary('user/info', info), summary('bare Fastify', baseline)];
  printTable(rows);
  console.log(`user/info throughput / bare Fastify: ${(rows[1].rps / rows[2].rps).toFixed(3)}`);
  console.log(
    `login throughput / bare Fastify: ${(rows[0].rps / rows[2].rps).toFixed(4)} (argon2id, 19 MiB, t=2 per login)`,
  );
} finally {
  await server.stop();
  await bare.stop();
}
