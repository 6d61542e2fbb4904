#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { parseMicros, type UserRole, userRoleSchema } from '@tally/contracts';
import pino from 'pino';
import { createServices } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { describeFailure } from './lib/cli-errors.js';
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
                            add A USDT to the balance of the account E (an admin adjustment in the ledger)`;

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
  const roles = text.split(',').map((r) => userRoleSchema.parse(r.trim()));
  if (roles.length === 0) throw new Error('--roles needs at least one role');
  return roles;
}

async function main(argv: string[]) {
  const [command = 'serve', ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      username: { type: 'string' },
      roles: { type: 'string' },
      sites: { type: 'string', default: '3' },
      days: { type: 'string', default: '30' },
      visits: { type: 'string', default: '200' },
      amount: { type: 'string' },
    },
  });
  switch (command) {
    case 'serve':
      return start(loadConfig());
    case 'worker':
      return start({ ...loadConfig(), role: 'worker' });
    case 'migrate':
      return withServices(async () => console.log('migrations applied'));
    case 'admin':
    case 'user': {
      if (!values.email) throw new Error('--email is required');
      const generated = values.password ? undefined : newPassword();
      const password = values.password ?? generated!;
      const roles: UserRole[] = command === 'admin' ? ['admin'] : parseRoles(values.roles ?? 'user');
      const usernameBase = command === 'admin' ? 'admin' : values.email.split('@')[0]!;
      const result = await withServices((s) =>
        s.users.upsertAccount({
          username: values.username,
          usernameBase,
          email: values.email!,
          password,
          roles,
        }),
      );
      console.log(
        `${result.created ? 'created' : 'reset'} ${values.email} (username ${result.username}, ${roles.join(',')})${generated ? ` password: ${generated}` : ''}`,
      );
      return;
    }
    case 'demo': {
      const opts = {
        sites: Number(values.sites),
        days: Number(values.days),
        visitsPerDay: Number(values.visits),
      };
      const result = await withServices((s) => generateDemo(s, { ...opts, ownerEmail: values.email }));
      console.log(`demo: ${result.hits} hits on sites ${result.siteIds.join(', ')} of ${result.ownerEmail}`);
      return;
    }
    case 'credit': {
      const amount = parseMicros(values.amount ?? '');
      if (!values.email || amount === undefined || amount <= 0n)
        throw new Error('--email and --amount (USDT, > 0) are required');
      await withServices(async (s) => {
        const userId = await s.users.idByEmail(values.email!);
        if (!userId) throw new Error(`no account ${values.email}`);
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
    default:
      console.error(USAGE);
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(describeFailure(err));
  process.exit(1);
});
