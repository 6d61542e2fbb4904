import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.url().optional(),
  /** Without a display name (`Name <address>`), mail goes out under the site's title (webtitle). */
  MAIL_FROM: z.string().default('no-reply@localhost'),
  PUBLIC_URL: z.url().optional(),
  ROLE: z.enum(['all', 'serve', 'worker']).default('all'),
  CAPTCHA_ENABLED: bool.default(true),
  /** Development only: print every mail (codes included) to the console. */
  PRINT_MAIL_TO_CONSOLE: bool.default(false),
  /** Ports the back office's SMTP setting may use: a comma list, or `*` for any. */
  SMTP_ALLOWED_PORTS: z
    .string()
    .regex(/^(\*|\d{1,5}(,\d{1,5})*)$/, 'a comma-separated list of ports, or *')
    .default('25,465,587,2525'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /** A renewed token is handed out once the current one is this old; the old one lingers for a grace period. */
  TOKEN_ROTATE_HOURS: z.coerce.number().positive().default(24),
  TRUST_PROXY: z.string().default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  WEB_DIST: z.string().optional(),
  /** Largest uploaded file, in MiB (fractions allowed). */
  UPLOAD_MAX_MB: z.coerce.number().positive().max(4096).default(10),
  /** Largest history file to import (modules/imports), in MiB: logs and exports are larger than uploads. */
  IMPORT_MAX_MB: z.coerce.number().positive().max(65536).default(1024),
  /** Where grammY sends Bot API calls: Telegram itself, or the fake Bot API in tests and demos. */
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  /** Who may read the API document (`/api/docs`): it lists every admin call. */
  API_DOCS: z.enum(['public', 'signed-in', 'off']).default('signed-in'),
  /** Turns `/metrics` on for `Authorization: Bearer <METRICS_TOKEN>`; unset, it answers 404. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, 'at least 16 printable characters, no spaces')
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** PUBLIC_URL as set; unset, the 网站地址 setting or each request's own origin is used (lib/public-url.ts). */
  publicUrl: string | undefined;
  role: 'all' | 'serve' | 'worker';
  captchaEnabled: boolean;
  /** `any`, or the ports the back office's SMTP setting may use (a test button must not scan a network). */
  smtpAllowedPorts: number[] | 'any';
  printMailToConsole: boolean;
  sessionTtlMs: number;
  tokenRotateMs: number;
  trustProxy: string;
  logLevel: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  webDist: string;
  uploadMaxBytes: number;
  importMaxBytes: number;
  telegramApiRoot: string;
  /** `public`, `signed-in` (a session token: the X-Token header or the web app's cookie) or `off` (404). */
  apiDocs: 'public' | 'signed-in' | 'off';
  /** The bearer token `/metrics` requires; unset, metrics are off (plugins/metrics.ts). */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

/** The secret lives in DATA_DIR so sessions and sealed values survive restarts without configuration. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Parses the environment once at boot; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    role: e.ROLE,
    captchaEnabled: e.CAPTCHA_ENABLED,
    printMailToConsole: e.PRINT_MAIL_TO_CONSOLE,
    smtpAllowedPorts: e.SMTP_ALLOWED_PORTS === '*' ? 'any' : e.SMTP_ALLOWED_PORTS.split(',').map(Number),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    tokenRotateMs: e.TOKEN_ROTATE_HOURS * 3600_000,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    uploadMaxBytes: Math.max(1, Math.round(e.UPLOAD_MAX_MB * 1024 * 1024)),
    importMaxBytes: Math.max(1, Math.round(e.IMPORT_MAX_MB * 1024 * 1024)),
    telegramApiRoot: e.TELEGRAM_API_ROOT.replace(/\/$/, ''),
    apiDocs: e.API_DOCS,
    metricsToken: e.METRICS_TOKEN,
  };
}
