import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tronAddressFromBytes } from '@tally/contracts';
import pino from 'pino';
import { createServices, type Services } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { useIpDatabases } from '../lib/ip-area.js';
import { newPassword } from '../lib/tokens.js';
import { generateDemo } from '../modules/demo/demo.service.js';
import { FakeTronGrid } from '../modules/finance/fake-trongrid.js';
import type { PlaygroundSeam } from '../modules/playground/playground-seam.js';
import type { AuthContext } from '../modules/sessions/sessions.service.js';
import { start } from '../server.js';
import { FakeBotApi } from './fake-bot-api.js';

/**
 * The try-it mode (`npm run demo` → `cli.js playground`): Tally on a fresh embedded database in a data
 * directory of its own, with the fake TronGrid and the fake Bot API started in this process on
 * 127.0.0.1 and wired in (the finance settings' TronGrid address, `TELEGRAM_API_ROOT`), a receiving
 * address, an admin and a demo user, a demo bot, demo traffic, and the admin's Playground panel
 * (modules/playground) to pay recharges on the fake chain and to play Telegram groups to the bot.
 */

/** Where the playground keeps its database unless DATA_DIR says otherwise; wiped at every start. */
export const PLAYGROUND_DIR = './data-playground';
/** The file that marks a directory as the playground's, so a start never wipes anything else. */
const MARKER = '.tally-playground';
/** The plain user owning the demo sites. */
export const DEMO_EMAIL = 'demo@tally.local';
/** The demo bot's username on the fake Bot API. */
export const PLAYGROUND_BOT = 'tally_playground_bot';
/** The receiving address: a fixed, valid TRON address, which only the fake chain ever pays. */
export const PLAYGROUND_ADDRESS = tronAddressFromBytes(
  createHash('sha256').update('tally playground address').digest().subarray(0, 20),
);

export interface Fakes {
  chain: FakeTronGrid;
  botApi: FakeBotApi;
  bot: { token: string; id: number; username: string };
  stop(): Promise<void>;
}

/** The fake TronGrid and the fake Bot API on free ports of 127.0.0.1, the demo bot known to the latter. */
export async function startFakes(): Promise<Fakes> {
  const chain = new FakeTronGrid();
  await chain.start();
  const botApi = await new FakeBotApi().start();
  const bot = botApi.addBot(PLAYGROUND_BOT);
  return {
    chain,
    botApi,
    bot,
    async stop() {
      await botApi.stop();
      await chain.stop();
    },
  };
}

/** What the server's playground module is given of the fakes. */
export function seamOf(fakes: Fakes, dataDir: string): PlaygroundSeam {
  return {
    dataDir,
    demoEmail: DEMO_EMAIL,
    address: PLAYGROUND_ADDRESS,
    chain: fakes.chain,
    botApi: fakes.botApi,
    bot: fakes.bot,
  };
}

export interface Login {
  email: string;
  password: string;
}

export interface PrepareOptions {
  adminEmail?: string;
  adminPassword?: string;
  /** Demo traffic for the demo user's sites; `false` for none (tests). */
  demo: { sites: number; days: number; visitsPerDay: number } | false;
}

/**
 * A fresh database made ready: the TronGrid setting pointing at the fake chain, the receiving address,
 * the admin and the demo user (passwords generated unless given), the demo bot added by the admin
 * (through `getMe` on the fake Bot API, as 机器人列表 adds one) and demo traffic. Every step is the
 * product's own service call.
 */
export async function preparePlayground(
  s: Services,
  fakes: Fakes,
  opts: PrepareOptions,
): Promise<{ admin: Login; user: Login }> {
  await s.settings.update({ trongrid_base_url: fakes.chain.url });
  const adminEmail = opts.adminEmail ?? 'admin@localhost';
  const created = await s.users.ensureFirstAdmin(adminEmail, opts.adminPassword);
  const adminPassword = created?.password ?? opts.adminPassword;
  const adminId = await s.users.idByEmail(adminEmail);
  if (adminId === undefined || adminPassword === undefined)
    throw new ConfigError(`the playground could not create its admin ${adminEmail}`);
  const actor = { userId: adminId, ip: '127.0.0.1' };
  await s.usdtAddresses.save(
    { address: PLAYGROUND_ADDRESS, label: 'Playground (fake chain)', enabled: true },
    actor,
  );
  const userPassword = newPassword();
  await s.users.upsertAccount({
    username: 'demo',
    email: DEMO_EMAIL,
    password: userPassword,
    roles: ['user'],
  });
  const adminAuth: AuthContext = {
    sessionId: 0,
    kind: 'user',
    userId: adminId,
    siteId: null,
    roles: ['admin'],
    name: 'admin',
    token: '',
  };
  await s.bots.add(adminAuth, actor, fakes.bot.token);
  if (opts.demo) await generateDemo(s, { ...opts.demo, ownerEmail: DEMO_EMAIL });
  return {
    admin: { email: adminEmail, password: adminPassword },
    user: { email: DEMO_EMAIL, password: userPassword },
  };
}

/**
 * Empties the playground's directory: one that does not exist, is empty or carries the marker. Any
 * other (a DATA_DIR holding real data) is refused, never wiped.
 */
export function wipePlaygroundDir(dataDir: string): void {
  if (existsSync(dataDir)) {
    const entries = readdirSync(dataDir);
    if (entries.length > 0 && !entries.includes(MARKER))
      throw new ConfigError(
        `${dataDir} holds data that is not the playground's; the playground empties its directory at every start, so give it another DATA_DIR (default ${PLAYGROUND_DIR})`,
      );
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    path.join(dataDir, MARKER),
    'The Tally playground (npm run demo) empties this directory at every start.\n',
  );
}

/** `cli.js playground`: everything above, then the server, then where to go and how to sign in. */
export async function runPlayground(demo: { sites: number; days: number; visitsPerDay: number }) {
  const dataDir = path.resolve(process.env.DATA_DIR ?? PLAYGROUND_DIR);
  wipePlaygroundDir(dataDir);
  const fakes = await startFakes();
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    TELEGRAM_API_ROOT: fakes.botApi.url,
    // The fakes answer on 127.0.0.1 only, and the logins are printed: not for the whole network.
    HOST: process.env.HOST ?? '127.0.0.1',
    // The console is for the banner below; LOG_LEVEL=info brings back the request log.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  console.log(`playground: a fresh database in ${dataDir}; generating demo traffic…`);
  useIpDatabases(config.dataDir);
  // The set-up runs on its own services first (PGlite opens one database once at a time); `serve`
  // so that adding the bot starts no poller here. The server then starts on the same directory.
  const db = await openDatabase(config);
  let logins: Awaited<ReturnType<typeof preparePlayground>>;
  try {
    await db.migrate();
    const services = createServices({ config: { ...config, role: 'serve' }, db }, pino({ level: 'warn' }));
    logins = await preparePlayground(services, fakes, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demo,
    });
  } finally {
    await db.close();
  }
  await start(config, { playground: seamOf(fakes, dataDir) });
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const url = `http://${host}:${config.port}`;
  console.log(`
  Tally playground — ${url}
    admin:        ${logins.admin.email}  password: ${logins.admin.password}
    demo user:    ${logins.user.email}  password: ${logins.user.password}
    panel:        ${url}/admin/playground (系统管理 > Playground, admins only)
    data:         ${dataDir} (emptied at every start of the playground)
    fake TronGrid ${fakes.chain.url}  receiving address ${PLAYGROUND_ADDRESS}
    fake Bot API  ${fakes.botApi.url}  bot @${fakes.bot.username}
  Ctrl+C stops it.
`);
}
