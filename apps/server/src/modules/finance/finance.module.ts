import { defineModule } from '../../kernel/module.js';
import { AddressesRepository } from './addresses.repository.js';
import { AddressesService } from './addresses.service.js';
import { ChainWatcher } from './chain-watcher.js';
import { financeAdminRoutes } from './finance-admin.routes.js';
import type { FinanceServices } from './finance-services.js';
import { financeUserRoutes } from './finance-user.routes.js';
import { RechargesRepository } from './recharges.repository.js';
import { RechargesService } from './recharges.service.js';
import { TransfersRepository } from './transfers.repository.js';
import { TransfersService } from './transfers.service.js';
import { AdvisoryWatcherLock, LocalWatcherLock } from './watcher-lock.js';
import { WithdrawalPayments } from './withdrawal-payments.js';
import { WithdrawalsRepository } from './withdrawals.repository.js';
import { WithdrawalsService } from './withdrawals.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry extends FinanceServices {}
}

export const CHAIN_WATCH_JOB = 'finance.chain-watch';

export const financeModule = defineModule({
  name: 'finance',
  needs: ['settings', 'audit', 'ledger', 'mail', 'consoleFigures', 'notices', 'throttle'],
  services: ({
    db,
    settings,
    audit,
    ledger,
    mail,
    seams,
    log,
    consoleFigures,
    notices,
    throttle,
  }): FinanceServices => {
    const now = () => seams.clock?.() ?? new Date();
    const addressesRepo = new AddressesRepository(db);
    const rechargesRepo = new RechargesRepository(db);
    const recharges = new RechargesService(
      rechargesRepo,
      addressesRepo,
      settings,
      ledger,
      audit,
      db,
      now,
      throttle,
    );
    const usdtTransfers = new TransfersService(
      new TransfersRepository(db),
      rechargesRepo,
      ledger,
      audit,
      db,
      now,
    );
    const withdrawals = new WithdrawalsService(
      new WithdrawalsRepository(db),
      settings,
      ledger,
      audit,
      mail,
      new WithdrawalPayments(settings, log),
      db,
      now,
      notices,
    );
    consoleFigures.add({
      name: 'finance',
      figures: [
        {
          key: 'pending_withdrawals',
          label: { zh: '待处理提现', en: 'Pending withdrawals' },
          kind: 'count',
          order: 80,
          href: '/finance/withdrawal',
        },
        {
          key: 'recharges_today',
          label: { zh: '今日充值', en: 'Recharged today' },
          kind: 'usdt',
          order: 85,
          href: '/finance/recharge',
        },
      ],
      read: async (at) => {
        const [pending, paid] = await Promise.all([
          withdrawals.pending(),
          recharges.paidSince(at.todayStart),
        ]);
        return { pending_withdrawals: pending.count, recharges_today: paid.sum };
      },
    });
    return {
      usdtAddresses: new AddressesService(addressesRepo, audit, db),
      recharges,
      usdtTransfers,
      withdrawals,
      chainWatcher: new ChainWatcher(
        addressesRepo,
        rechargesRepo,
        usdtTransfers,
        withdrawals,
        // One cycle at a time across every process on the database, so one limiter holds the key's rate.
        db.url ? new AdvisoryWatcherLock(db.url) : new LocalWatcherLock(),
        settings,
        now,
        log,
      ),
    };
  },
  jobs: ({ chainWatcher }) => [
    // Every minute; a cycle reads each address from its cursor, so a skipped minute loses nothing.
    {
      name: CHAIN_WATCH_JOB,
      retryLimit: 0,
      schedule: '* * * * *',
      handler: async () => void (await chainWatcher.cycle()),
    },
  ],
  routes: async (app, s) => {
    await app.register(financeAdminRoutes, s);
    await app.register(financeUserRoutes, s);
  },
});
