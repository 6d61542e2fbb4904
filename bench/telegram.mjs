// Scheduled Telegram group reports at scale (issue 17): 500 groups with a daily report due in the
// same minute, sent by the real server's cron job through grammY to the fake Bot API.
// Prints: reports sent, duplicates, the busiest second and the busiest chat minute (limits: 30 a
// second per bot, 20 a minute per chat), the time from the first send to the last beside the
// limit-bound minimum ((n - 1) / 30 s) and their ratio, and the server's CPU per report.
// Usage: npm run build && node bench/telegram.mjs      (PGlite; BENCH_PORT, TELEGRAM_GROUPS)
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { serverDist, startServer, tempDir } from './lib.mjs';

const GROUPS = Number(process.env.TELEGRAM_GROUPS ?? 500);
const PER_SECOND = 30;
const PER_CHAT_MINUTE = 20;
const port = Number(process.env.BENCH_PORT ?? 19420);
const EMAIL = 'bench-admin@example.com';
const PASSWORD = 'bench password 123';

const { FakeBotApi } = await import(path.join(serverDist, 'testing/fake-bot-api.js'));
const fake = await new FakeBotApi().start();
const dataDir = tempDir('tally-bench-telegram-');
const server = await startServer({
  PORT: String(port),
  DATA_DIR: dataDir,
  CAPTCHA_ENABLED: 'false',
  ADMIN_EMAIL: EMAIL,
  ADMIN_PASSWORD: PASSWORD,
  TELEGRAM_API_ROOT: fake.url,
});

/** Server CPU seconds (user + system) from /proc. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function api(method, url, token, body) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
  return json.data;
}

try {
  const { x_token: token } = await api('POST', '/api/v1/api2/auth/login', undefined, {
    username: EMAIL,
    password: PASSWORD,
  }).catch(() =>
    api('POST', '/api/v1/api2/auth/login', undefined, { username: 'admin', password: PASSWORD }),
  );
  const bot = fake.addBot('bench_reports_bot');
  await api('POST', '/api/v1/bots/save', token, { bot_token: bot.token });
  const site = await api('POST', '/api/v1/api2/sites/save', token, {
    name: 'Bench',
    domains: ['bench.example'],
    timezone: 'UTC',
  });

  // Telegram tells the bot about each group; the server's poller learns them.
  for (let i = 0; i < GROUPS; i++) {
    await fake.deliver(
      bot.token,
      fake.myChatMember({ id: -1003000000000 - i, type: 'supergroup', title: `G${i}` }, 'member'),
    );
  }
  let groups = [];
  for (let tries = 0; groups.length < GROUPS; tries++) {
    if (tries > 600) throw new Error(`only ${groups.length} groups learned`);
    await new Promise((r) => setTimeout(r, 200));
    const page = await api('GET', `/api/v1/groups/fetch?limit=200&page=1`, token);
    if (page.total >= GROUPS) {
      groups = [];
      for (let p = 1; groups.length < page.total; p++)
        groups.push(...(await api('GET', `/api/v1/groups/fetch?limit=200&page=${p}`, token)).list);
    }
  }

  // Every group's daily report at the same minute, at least 45 s from now (UTC site).
  const due = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
  const time = due.toISOString().slice(11, 16);
  for (const g of groups)
    await api('POST', '/api/v1/groups/bind', token, { id: g.id, site_id: site.id, time });
  console.log(`${GROUPS} groups bound, reports due at ${time} UTC; waiting for the cron job…`);

  const sends = () => fake.calls.filter((c) => c.method === 'sendPhoto' && c.status === 200);
  while (Date.now() < due.getTime()) await new Promise((r) => setTimeout(r, 500));
  const cpuBefore = cpuSeconds(server.child.pid);
  const deadline = Date.now() + 5 * 60_000;
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const n = sends().length;
    if (n !== last) {
      last = n;
      stableSince = Date.now();
    } else if (n >= GROUPS && Date.now() - stableSince > 5000) break;
  }
  const cpu = cpuSeconds(server.child.pid) - cpuBefore;

  const all = sends();
  const chats = new Map();
  for (const c of all) chats.set(Number(c.params.chat_id), (chats.get(Number(c.params.chat_id)) ?? 0) + 1);
  const times = all.map((c) => c.at).sort((a, b) => a - b);
  let busiestSecond = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= 1000) j++;
    busiestSecond = Math.max(busiestSecond, i - j + 1);
  }
  const busiestChat = Math.max(0, ...chats.values());
  const took = times.length > 1 ? (times.at(-1) - times[0]) / 1000 : 0;
  const minimum = (GROUPS - 1) / PER_SECOND;
  const retries = fake.calls.filter((c) => c.status === 429).length;
  const rows = [
    ['reports sent', `${all.length} to ${chats.size} groups (expected ${GROUPS} once each)`],
    ['duplicates', String(all.length - chats.size)],
    ['busiest second', `${busiestSecond} sends (limit ${PER_SECOND})`],
    ['busiest chat', `${busiestChat} sends in the run (limit ${PER_CHAT_MINUTE} a minute)`],
    ['429 answers', String(retries)],
    ['first → last send', `${took.toFixed(1)} s`],
    ['limit-bound minimum', `${minimum.toFixed(1)} s`],
    ['ratio (taken / minimum)', (took / minimum).toFixed(2)],
    [
      'server CPU',
      `${cpu.toFixed(2)} s, ${((cpu / Math.max(1, all.length)) * 1000).toFixed(2)} ms per report`,
    ],
  ];
  for (const [k, v] of rows) console.log(`${k.padEnd(24)} ${v}`);
  const ok =
    all.length === GROUPS &&
    chats.size === GROUPS &&
    busiestSecond <= PER_SECOND &&
    busiestChat <= PER_CHAT_MINUTE;
  console.log(ok ? 'OK' : 'FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
  await fake.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
