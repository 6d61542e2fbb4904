#!/usr/bin/env node
import { parseArgs } from 'node:util';
import {
  emailSchema,
  parseMicros,
  passwordSchema,
  USER_ROLES,
  type UserRole,
  usernameSchema,
  userRoleSchema,
} from '@tally/contracts';
import pino from 'pino';
import type { z } from 'zod';
import { createServices } from './app.js';
import { backupCommand } from './cli-backup.js';
import { describeFailure } from './cli-errors.js';
import { importCommand } from './cli-import.js';
import { rollupsCommand } from './cli-rollups.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { useIpDatabases } from './lib/ip-area.js';
import { newPassword } from './lib/tokens.js';
import { generateDemo } from './modules/demo/demo.service.js';
import { start } from './server.js';

const USAGE = `Usage: tally <command> [options]
  serve                     start HTTP and jobs (ROLE=serve|worker|all decides which; default all)
  worker                    run jobs only
  migrate                   apply database migrations and exit
  admin --email E [--password P] [--username U]
                            create an admin (username U, else the first free of admin, admin2, …),
                            or reset the password of the account with that email
  user --email E --username U --password P --roles user,article_editor
                            create a user, or reset password and roles of the account with that email
  demo [--sites N] [--days D] [--visits V] [--email E]
                            generate demo traffic for N sites over D days (V visits a day each), owned
                            by the account E (left as it is; created without a known password if missing)
  credit --email E --amount A
                            add A USDT to the balance of the account E (an admin adjustment in the ledger)
  backup --out FILE [--force]
                            write the database (either backend) and the uploads to FILE, a gzip'd logical
                            dump (--out - for standard output); on PGlite, with the server stopped
  import --site ID --kind umami|plausible|log FILE [FILE] [FILE]
                            import history into site ID: Umami CSVs (website_event [session] [event_data]), a Plausible
                            export zip, or an access log (combined format, gzip accepted); the same file
                            twice changes nothing, and running it again resumes an interrupted import
  rollups recount --from D --to D [--site ID]
                            recount the reports' rollups of local days D..D (YYYY-MM-DD) from the raw
                            events, with a progress line (after a bulk load or a restore of raw tables)
  restore FILE [--force]    check FILE whole, then load it into an empty database and DATA_DIR/files
                            (--force replaces a target that holds data) and run newer migrations
  playground [--sites N] [--days D] [--visits V]
                            try it: a fresh database in ./data-playground (DATA_DIR; emptied at each start)
                            with demo traffic, a fake TronGrid and a fake Telegram Bot API, and the admin's
                            Playground panel (npm run demo)
  help                      print this (so does --help after any command)`;

/**
 * A mistake the person at the command line can fix: printed as its one line, without a stack, and the
 * process exits with `exitCode` (2 for a wrong command line, as most tools do; 1 for a refusal).
 */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
  }
}

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  username: { type: 'string' },
  roles: { type: 'string' },
  sites: { type: 'string', default: '3' },
  days: { type: 'string', default: '30' },
  visits: { type: 'string', default: '200' },
  amount: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The options after the command; a mistake in them is a CliError naming it, never node's stack. */
function parseOptions(command: string, args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS }).values;
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS_')) throw err;
    const message = (err as Error).message;
    const option = /option '([^']+)'/i.exec(message)?.[1];
    const problem =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `unknown option ${option ?? ''}`.trim()
        : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
          ? `unexpected argument ${/'([^']+)'/.exec(message)?.[1] ?? ''}`.trim()
          : (message.split('. ')[0] ?? message);
    throw new CliError(`tally ${command}: ${problem} (tally --help lists the commands and options)`);
  }
}

/** `value` checked by a contracts schema (the rule the web applies), or a CliError naming the option. */
function checked<T>(option: string, schema: z.ZodType<T>, value: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new CliError(`--${option}: ${result.error.issues[0]?.message ?? 'not valid'}`);
}

/** A whole number ≥ 1 (the demo's sizes). */
function count(option: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--${option}: a whole number of at least 1`);
  return n;
}

async function withServices<T>(fn: (s: ReturnType<typeof createServices>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await db.migrate();
    return await fn(createServices({ config, db }, pino({ level: 'warn' })));
  } finally {
    await db.close();
  }
}

function parseRoles(text: string): UserRole[] {
  return text.split(',').map((r) => {
    const role = userRoleSchema.safeParse(r.trim());
    if (!role.success) throw new CliError(`--roles: "${r.trim()}" is not a role (${USER_ROLES.join(', ')})`);
    return role.data;
  });
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  // No command is a mistake, not "serve": a server bound to every address is no default for a typo.
  if (command === undefined) throw new CliError(USAGE);
  if (command === 'help' || command === '--help' || command === '-h') return console.log(USAGE);
  // backup and restore read their own options (a file argument): cli-backup.ts.
  if (command === 'backup' || command === 'restore') return backupCommand(command, rest, USAGE);
  if (command === 'import') return importCommand(rest, USAGE, withServices);
  if (command === 'rollups') return rollupsCommand(rest, USAGE, withServices);
  const values = parseOptions(command, rest);
  if (values.help) return console.log(USAGE);
  switch (command) {
    case 'serve':
      return start(loadConfig());
    case 'worker':
      return start({ ...loadConfig(), role: 'worker' });
    case 'migrate':
      return withServices(async () => console.log('migrations applied'));
    case 'admin':
    case 'user': {
      if (!values.email) throw new CliError('--email is required');
      // The rules of the web's forms: an account made here can sign in there, and no weaker.
      const email = checked('email', emailSchema, values.email);
      const username =
        values.username === undefined ? undefined : checked('username', usernameSchema, values.username);
      const generated = values.password === undefined ? newPassword() : undefined;
      const password = generated ?? checked('password', passwordSchema, values.password!);
      const roles: UserRole[] = command === 'admin' ? ['admin'] : parseRoles(values.roles ?? 'user');
      const usernameBase = command === 'admin' ? 'admin' : email.split('@')[0]!;
      const result = await withServices((s) =>
        s.users.upsertAccount({ username, usernameBase, email, password, roles }),
      );
      console.log(
        `${result.created ? 'created' : 'reset'} ${email} (username ${result.username}, ${roles.join(',')})${generated ? ` password: ${generated}` : ''}`,
      );
      return;
    }
    case 'demo': {
      const opts = {
        sites: count('sites', values.sites),
        days: count('days', values.days),
        visitsPerDay: count('visits', values.visits),
      };
      // Areas from the databases `serve` would use (DATA_DIR's, when it holds newer ones).
      useIpDatabases(loadConfig().dataDir);
      const result = await withServices((s) => generateDemo(s, { ...opts, ownerEmail: values.email }));
      console.log(`demo: ${result.hits} hits on sites ${result.siteIds.join(', ')} of ${result.ownerEmail}`);
      return;
    }
    case 'credit': {
      const amount = parseMicros(values.amount ?? '');
      if (!values.email || amount === undefined || amount <= 0n)
        throw new CliError('--email and --amount (USDT, > 0) are required');
      await withServices(async (s) => {
        const userId = await s.users.idByEmail(values.email!);
        if (!userId) throw new CliError(`no account has the email ${values.email}`, 1);
        // The operator's own adjustment: a fresh reference each time, so it is never refused as a repeat.
        const ref = { type: 'cli', id: `${Date.now()}-${process.pid}` };
        await s.db.transaction((tx) =>
          s.ledger.post(
            {
              userId,
              account: 'balance',
              kind: 'admin_adjustment',
              amount,
              ref,
              actorId: null,
              note: 'cli credit',
            },
            tx,
          ),
        );
      });
      console.log(`credited ${values.amount} USDT to ${values.email}`);
      return;
    }
    case 'playground': {
      // The try-it mode's fakes live in testing/: loaded for this command only (layers.test.ts).
      const { runPlayground } = await import('./testing/playground.js');
      return runPlayground({
        sites: count('sites', values.sites),
        days: count('days', values.days),
        visitsPerDay: count('visits', values.visits),
      });
    }
    default:
      throw new CliError(`tally: unknown command "${command}"\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof CliError) {
    console.error(err.message);
    process.exit(err.exitCode);
  }
  console.error(describeFailure(err));
  process.exit(1);
});
