import { randomUUID } from 'node:crypto';
import {
  ADMIN_USER_DETAIL_LIMIT,
  type AdminUserDetail,
  type AdminUserFilter,
  type AdminUserPage,
  type AdminUserRow,
  type AdminUserSaveResponse,
  type AuditAction,
  type adminUserAdjustBodySchema,
  type adminUserSaveBodySchema,
  type CsvLanguage,
  formatMicros,
  type LedgerListQuery,
  type LedgerPage,
  type UserStatus,
} from '@tally/contracts';
import type { z } from 'zod';
import type { Transactor, Tx } from '../../db/client.js';
import { type ListQuery, mapPage } from '../../db/list-query.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { CSV_BOM } from '../../lib/csv.js';
import { csvWriter } from '../../lib/csv-export.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { newPassword } from '../../lib/tokens.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { DuplicateReferenceError, type EntryFilter, type LedgerService } from '../ledger/ledger.service.js';
import type { WalletService } from '../ledger/wallet.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { UserAdminRepository } from './user-admin.repository.js';
import { auditView, toAdminRow, USER_CSV } from './user-admin.rows.js';
import type { UsersRepository } from './users.repository.js';
import type { SiteDirectory, UsersService } from './users.service.js';

type SaveBody = z.output<typeof adminUserSaveBodySchema>;
type AdjustBody = z.output<typeof adminUserAdjustBodySchema>;

const userNotFound = () => notFound('User not found');

/** Rows per query while the CSV export streams: memory stays flat whatever the list's size. */
const EXPORT_CHUNK = 2000;

export interface UserAdminDeps {
  repo: UserAdminRepository;
  accounts: UsersRepository;
  users: UsersService;
  sessions: SessionsService;
  sites: SiteDirectory;
  audit: AuditService;
  ledger: LedgerService;
  wallet: WalletService;
  db: Transactor;
}

/**
 * 用户管理: every change runs in one transaction with its audit row (before and after). The account
 * row is locked first, so two admins changing one account apply one after the other.
 */
export class UserAdminService {
  constructor(private readonly deps: UserAdminDeps) {}

  async list(query: AdminUserFilter & ListQuery): Promise<AdminUserPage> {
    return mapPage(await this.deps.repo.list(query, query), toAdminRow);
  }

  async row(id: number, repo = this.deps.repo): Promise<AdminUserRow> {
    const record = await repo.findRecord(id);
    if (!record) throw userNotFound();
    return toAdminRow(record);
  }

  async detail(id: number): Promise<AdminUserDetail> {
    const user = await this.row(id);
    const [sites, sessions, invitees] = await Promise.all([
      this.deps.sites.sitesOfUser(id, false),
      this.deps.sessions.liveOfUser(id, ADMIN_USER_DETAIL_LIMIT),
      this.deps.repo.invitees(id, ADMIN_USER_DETAIL_LIMIT),
    ]);
    return {
      user,
      sites: sites.slice(0, ADMIN_USER_DETAIL_LIMIT),
      sessions: sessions.map((s) => ({
        id: s.id,
        kind: s.kind === 'client' ? 'client' : 'user',
        ip: s.ip,
        user_agent: s.userAgent,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
      })),
      invitees: invitees.list.map((u) => ({
        id: u.id,
        username: u.username,
        email: u.email,
        created_at: u.createdAt.toISOString(),
      })),
      invitees_total: invitees.total,
    };
  }

  /** The filtered list as CSV lines (BOM and heading first), read in chunks by id (keyset: never a row twice). */
  async *exportCsv(filter: AdminUserFilter, lang: CsvLanguage, zone: string): AsyncGenerator<string> {
    const csv = csvWriter(USER_CSV, lang, zone);
    yield CSV_BOM + csv.heading;
    for (let after = 0; ; ) {
      const chunk = await this.deps.repo.chunkAfter(filter, after, EXPORT_CHUNK);
      if (chunk.length > 0) yield csv.rows(chunk.map(toAdminRow));
      if (chunk.length < EXPORT_CHUNK) return;
      after = chunk[chunk.length - 1]!.user.id;
    }
  }

  /** Runs `fn` in a transaction; `record` writes its audit row there. */
  private change<T>(
    actor: Actor,
    fn: (
      tx: Tx,
      record: (action: AuditAction, id: number, before: unknown, after: unknown) => Promise<void>,
    ) => Promise<T>,
  ): Promise<T> {
    return this.deps.db.transaction((tx) =>
      fn(tx, (action, id, before, after) =>
        this.deps.audit.record(
          { actorId: actor.userId, action, target: `user:${id}`, ip: actor.ip, before, after },
          tx,
        ),
      ),
    );
  }

  async save(body: SaveBody, actor: Actor): Promise<AdminUserSaveResponse> {
    try {
      return await (body.id ? this.update(body.id, body, actor) : this.create(body, actor));
    } catch (err) {
      // Two admins saving the same name at once: the unique index decides, the loser gets a field error.
      if (isUniqueViolation(err)) throw fieldError('username', 'already taken');
      throw err;
    }
  }

  private create(body: SaveBody, actor: Actor): Promise<AdminUserSaveResponse> {
    return this.change(actor, async (tx, record) => {
      await this.refuseTaken(body, tx);
      const generated = body.password ? undefined : newPassword();
      const created = await this.deps.users.create(
        {
          username: body.username,
          email: body.email,
          roles: body.roles,
          password: body.password ?? generated!,
        },
        tx,
      );
      await record('users.create', created.id, null, auditView(created));
      return { user: await this.row(created.id, this.deps.repo.in(tx)), password: generated };
    });
  }

  private update(id: number, body: SaveBody, actor: Actor): Promise<AdminUserSaveResponse> {
    return this.change(actor, async (tx, record) => {
      const { current, activeAdmins } = await this.lockedWithAdmins(id, tx, !body.roles.includes('admin'));
      await this.refuseTaken(body, tx, id);
      const losesAdmin = current.roles.includes('admin') && !body.roles.includes('admin');
      if (losesAdmin && id === actor.userId)
        throw fieldError('roles', 'you cannot remove your own admin role');
      if (losesAdmin && isLastActiveAdmin(id, activeAdmins))
        throw fieldError('roles', 'the last active admin must stay an admin');
      const values = { username: body.username, email: body.email, roles: body.roles };
      await this.deps.accounts.in(tx).update(id, values);
      await record('users.update', id, auditView(current), auditView({ ...current, ...values }));
      return { user: await this.row(id, this.deps.repo.in(tx)) };
    });
  }

  /** Ban or unban. A ban ends every session of the account in the same transaction. */
  setStatus(id: number, status: UserStatus, actor: Actor): Promise<AdminUserRow> {
    return this.change(actor, async (tx, record) => {
      const { current, activeAdmins } = await this.lockedWithAdmins(id, tx, status === 'banned');
      if (status === 'banned') {
        if (id === actor.userId) throw fieldError('status', 'you cannot ban yourself');
        if (isLastActiveAdmin(id, activeAdmins))
          throw fieldError('status', 'the last active admin cannot be banned');
      }
      await this.deps.repo.in(tx).setStatus(id, status);
      const ended = status === 'banned' ? await this.deps.sessions.revokeAllForUser(id, undefined, tx) : 0;
      await record(
        status === 'banned' ? 'users.ban' : 'users.unban',
        id,
        { status: current.status },
        { status, sessions_ended: ended },
      );
      return this.row(id, this.deps.repo.in(tx));
    });
  }

  /** A generated password, answered this once; every session of the account ends with the old one. */
  async resetPassword(id: number, actor: Actor): Promise<{ password: string }> {
    const answer = await this.change(actor, async (tx, record) => {
      await this.locked(id, tx);
      const password = newPassword();
      await this.deps.accounts.in(tx).update(id, { passwordHash: await hashPassword(password) });
      const ended = await this.deps.sessions.revokeAllForUser(id, undefined, tx);
      await record('users.reset_password', id, null, { sessions_ended: ended });
      return { password };
    });
    // Its API keys end and its failed sign-ins are forgotten, as on any new password.
    await this.deps.users.passwordChanged(id);
    return answer;
  }

  revokeSession(id: number, sessionId: number, actor: Actor): Promise<void> {
    return this.change(actor, async (tx, record) => {
      if (!(await this.deps.sessions.revokeOfUser(id, sessionId, tx))) throw notFound('Session not found');
      await record('users.revoke_session', id, { session_id: sessionId }, null);
    });
  }

  /**
   * Adds (or, negative, takes away) money: one ledger entry with the reason as its note and the audit
   * row, in one transaction. A balance that would go below zero is the ledger's 422
   * INSUFFICIENT_BALANCE and nothing is written; the same request id twice moves the money once.
   */
  async adjustBalance(body: AdjustBody, actor: Actor): Promise<AdminUserRow> {
    const ref = { type: 'admin_adjustment', id: `${actor.userId}:${body.request_id ?? randomUUID()}` };
    try {
      await this.change(actor, async (tx, record) => {
        const before = await this.locked(body.id, tx);
        const entry = await this.deps.ledger.post(
          {
            userId: body.id,
            account: body.account,
            kind: 'admin_adjustment',
            amount: body.amount,
            ref,
            actorId: actor.userId,
            note: body.reason,
          },
          tx,
        );
        const was = body.account === 'balance' ? before.balance : before.commissionBalance;
        await record(
          'users.adjust_balance',
          body.id,
          { account: body.account, amount: formatMicros(was) },
          {
            account: body.account,
            amount: formatMicros(entry.balanceAfter),
            change: formatMicros(body.amount),
            reason: body.reason,
            entry_id: entry.id,
          },
        );
      });
    } catch (err) {
      if (!(err instanceof DuplicateReferenceError)) throw err;
    }
    return this.row(body.id);
  }

  /** One page of a user's 资金明细 (the drawer), as the wallet answers it. */
  ledger(id: number, query: EntryFilter & ListQuery & Pick<LedgerListQuery, 'sort'>): Promise<LedgerPage> {
    return this.deps.wallet.entries(id, query);
  }

  private async locked(id: number, tx: Tx) {
    const row = await this.deps.repo.in(tx).lock(id);
    if (!row) throw userNotFound();
    return row;
  }

  private async refuseTaken(body: SaveBody, tx: Tx, exceptId?: number): Promise<void> {
    const taken = await this.deps.accounts.in(tx).taken(body.username, body.email, exceptId);
    if (taken.username) throw fieldError('username', 'already taken');
    if (taken.email) throw fieldError('email', 'already registered');
  }

  /**
   * The account, locked; when the change may take an admin away, the active admins are locked first,
   * always in id order, so two admins demoting or banning each other at once wait in turn (the second
   * then sees the first's change) instead of deadlocking or both passing.
   */
  private async lockedWithAdmins(id: number, tx: Tx, mayRemoveAdmin: boolean) {
    const activeAdmins = mayRemoveAdmin ? await this.deps.repo.in(tx).lockActiveAdmins() : [];
    return { current: await this.locked(id, tx), activeAdmins };
  }
}

/** The account is the only active admin left. */
const isLastActiveAdmin = (id: number, activeAdmins: number[]) =>
  activeAdmins.length === 1 && activeAdmins[0] === id;
