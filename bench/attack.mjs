// A repeat of the outside attack (issue 13): the bad inputs that once answered 500, and fuzzed strings
// (NUL, lone surrogates, control characters, non-dates…) in every query and JSON body field of every
// route in the OpenAPI document, as admin, user and anonymous. Prints the count of 5xx answers, which
// must be 0 (exit status 1 otherwise). Bounded: at most MAX_REQUESTS requests, 8 at a time.
// Usage: npm run build && node bench/attack.mjs            (starts its own server on PGlite)
//        BENCH_DATABASE_URL=postgres://… node bench/attack.mjs   (the same on PostgreSQL)
import { rmSync } from 'node:fs';
import { createSite, withDatabase } from './collect-lib.mjs';
import { startServer, tempDir } from './lib.mjs';

const MAX_REQUESTS = Number(process.env.ATTACK_MAX_REQUESTS ?? 12000);
const CONCURRENCY = 8;
const PASSWORD = 'attack password 123';
const port = Number(process.env.BENCH_PORT ?? 18981);

/** Strings as a JSON body carries them (lone surrogates survive JSON.stringify as \ud800 escapes). */
const BODY_FUZZ = [
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  'end \ud83d',
  '\u0007\u001b[31m',
  '',
  '2026-13-01',
  "' or 1=1 --",
];
/** The same in a query string: raw NUL, a surrogate's bytes (invalid UTF-8), control characters, non-dates. */
const QUERY_FUZZ = ['a%00b', '%00', '%ED%A0%80', '%1B%07', '', 'x', '2026-13-01', '-1', '%27%20or%201%3D1'];
/** Requests that would end the identity's own session, so later calls would test nothing. */
const SKIP = /logout|changePassword/;

const dataDir = tempDir('tally-attack-');
const databaseUrl = process.env.BENCH_DATABASE_URL;
const seed = await withDatabase(dataDir, databaseUrl, async (services) => {
  const create = (username, roles) =>
    services.users.create({ username, email: `${username}@example.test`, password: PASSWORD, roles });
  const user = await create('attackuser', ['user']);
  await create('attackadmin', ['admin']);
  return createSite(services, user.id, 'attack');
});
const server = await startServer({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  DATA_DIR: dataDir,
  PORT: String(port),
  CAPTCHA_ENABLED: 'false',
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'fatal',
});
const base = server.url;

const statuses = new Map();
const fives = [];
let sent = 0;

async function send(label, url, init = {}) {
  if (sent >= MAX_REQUESTS) return;
  sent += 1;
  let status;
  try {
    const res = await fetch(`${base}${url}`, init);
    await res.arrayBuffer();
    status = res.status;
  } catch (err) {
    status = `error ${err.cause?.code ?? err.message}`;
  }
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (typeof status !== 'number' || status >= 500) fives.push(`${status} ${init.method ?? 'GET'} ${label}`);
}

async function login(username) {
  const res = await fetch(`${base}/api/v1/api2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.7.0.1' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = await res.json();
  if (!body.data?.x_token) throw new Error(`login as ${username}: ${res.status} ${JSON.stringify(body)}`);
  return body.data.x_token;
}

/** Runs the thunks CONCURRENCY at a time. */
async function all(thunks) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < thunks.length) await thunks[next++]();
    }),
  );
}

const identities = {
  admin: await login('attackadmin'),
  user: await login('attackuser'),
  anonymous: undefined,
};
const headersOf = (token, type) => ({
  ...(token ? { 'x-token': token } : {}),
  ...(type ? { 'content-type': type } : {}),
});

// ---------------------------------------------------------------- the inputs that once answered 500

const known = [];
const hit = (body) => () =>
  send('collect', '/api/collect', {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(body),
  });
for (const poison of ['a\u0000b', '\udc00', 'x\u0007'])
  known.push(
    hit({ s: seed.key, t: 'pv', u: 'https://a.example/', ti: poison }),
    hit({ s: seed.key, t: 'pv', u: 'https://a.example/', p: poison }),
    hit({ s: seed.key, t: 'ev', u: 'https://a.example/', n: poison }),
    hit({ s: seed.key, t: 'ev', u: 'https://a.example/', n: 'x', d: { k: poison } }),
  );
for (const bad of ['x', '2026-13-01', ''])
  for (const route of ['overview', 'trend', 'visitor', 'content/page', 'all'])
    for (const [prefix, token] of [
      ['report', identities.user],
      ['preview', undefined],
    ])
      known.push(() =>
        send(
          `${prefix}/${route} from=${bad}`,
          `/api/v1/api2/${prefix}/${route}?site_id=${seed.siteId}&range=custom&from=${bad}&to=2026-01-01`,
          {
            headers: headersOf(token),
          },
        ),
      );
known.push(
  () =>
    send('sites/fetch keyword NUL', '/api/v1/api2/sites/fetch?keyword=%00', {
      headers: headersOf(identities.user),
    }),
  () =>
    send('report/visitor ip NUL', `/api/v1/api2/report/visitor?site_id=${seed.siteId}&ip=%00`, {
      headers: headersOf(identities.user),
    }),
  () => send('preview/visitor ip NUL', '/api/v1/api2/preview/visitor?ip=%00'),
  () =>
    send('setting/save webtitle lone surrogate', '/api/v1/admin/setting/save', {
      method: 'POST',
      headers: headersOf(identities.admin, 'application/json'),
      body: JSON.stringify({ webtitle: 'x\ud800' }),
    }),
  () => send('uploads without extension', '/uploads/nosuchfile', { headers: { accept: 'text/html' } }),
);
const B = 'attackboundary';
const partHead = `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
for (const url of ['/api/v1/admin/files/upload', '/api/v1/admin/article/upload'])
  for (const [type, body] of [
    ['multipart/form-data', `${partHead}xx\r\n--${B}--\r\n`],
    [`multipart/form-data; boundary=${B}`, `${partHead.replace(B, 'other')}xx\r\n--other--\r\n`],
    [`multipart/form-data; boundary=${B}`, `${partHead}xx`],
    [`multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="file"; filena`],
  ])
    known.push(() =>
      send(`${url} malformed`, url, { method: 'POST', headers: headersOf(identities.admin, type), body }),
    );
await all(known);
const knownSent = sent;

// ---------------------------------------------------------------- fuzz every documented field

// The document answers a signed-in account (API_DOCS=signed-in by default).
const doc = await (await fetch(`${base}/api/docs/json`, { headers: headersOf(identities.admin) })).json();
const fuzz = [];
for (const [route, methods] of Object.entries(doc.paths ?? {})) {
  if (SKIP.test(route) || route.includes('{')) continue;
  for (const [method, op] of Object.entries(methods)) {
    const upper = method.toUpperCase();
    const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    const bodySchema = op.requestBody?.content?.['application/json']?.schema;
    const bodyNames = Object.keys(bodySchema?.properties ?? {});
    for (const [who, token] of Object.entries(identities)) {
      for (const name of queryNames)
        for (const value of QUERY_FUZZ)
          fuzz.push(() =>
            send(`${route}?${name}=${value} as ${who}`, `${route}?site_id=${seed.siteId}&${name}=${value}`, {
              method: upper,
              headers: headersOf(token),
            }),
          );
      for (const name of bodyNames)
        for (const value of [...BODY_FUZZ, 12, [], { a: '\u0000' }, null])
          fuzz.push(() =>
            send(`${route} {${name}} as ${who}`, route, {
              method: upper,
              headers: headersOf(token, 'application/json'),
              body: JSON.stringify({ [name]: value }),
            }),
          );
      if (upper !== 'GET' && bodyNames.length === 0)
        fuzz.push(() =>
          send(`${route} body as ${who}`, route, {
            method: upper,
            headers: headersOf(token, 'application/json'),
            body: '{"a":"\\u0000"}',
          }),
        );
    }
  }
}
await all(fuzz);

await server.stop();
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `known bad inputs: ${knownSent} requests; fuzz: ${sent - knownSent} of ${fuzz.length} planned (limit ${MAX_REQUESTS})`,
);
console.log('answers by status:', Object.fromEntries([...statuses].sort()));
for (const line of fives.slice(0, 20)) console.log(`  ${line}`);
console.log(`5xx answers: ${fives.length}`);
process.exitCode = fives.length === 0 ? 0 : 1;
