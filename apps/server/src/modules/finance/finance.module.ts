import { defineModule } from '../../kernel/module.js';
import { AddressesRepository } from './addresses.repository.js';
import { AddressesService } from './addresses.service.js';
import { ChainWatcher } from './chain-watcher.js';
import { FinanceFigures } from './figures.js';
import { financeAdminRoutes } from './finance-admin.routes.js';
import { financeUserRoutes } from './finance-user.routes.js';
import { RechargesRepository } from './recharges.repository.js';
import { RechargesService } from './recharges.service.js';
import { TransfersRepository } from './transfers.repository.js';
import { TransfersService } from './transfers.service.js';
import { WithdrawalsRepository } from './withdrawals.repository.js';
import { WithdrawalsService } from './withdrawals.service.js';

export interface FinanceServices {
  usdtAddresses: AddressesService;
  recharges: RechargesService;
  usdtTransfers: TransfersService;
  withdrawals: WithdrawalsService;
  chainWatcher: ChainWatcher;
  /** The console's tiles: pending withdrawals and today's recharges. */
  financeFigures: FinanceFigures;
}

declare module '../../kernel/module.js' {
  interface ServiceRegistry extends FinanceServices {}
}

export const CHAIN_WATCH_JOB = 'finance.chain-watch';

export const financeModule = defineModule({
  name: 'finance',
  needs: ['settings', 'audit', 'ledger', 'mail'],
  services: ({ db, settings, audit, ledger, mail, seams, log }): FinanceServices => {
    const now = () => seams.clock?.() ?? new Date();
    const addressesRepo = new AddressesRepository(db);
    const rechargesRepo = new RechargesRepository(db);
    const recharges = new RechargesService(rechargesRepo, addressesRepo, settings, ledger, audit, db, now);
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
      db,
      now,
    );
    return {
      usdtAddresses: new AddressesService(addressesRepo, audit, db),
      recharges,
      usdtTransfers,
      withdrawals,
      chainWatcher: new ChainWatcher(addressesRepo, rechargesRepo, usdtTransfers, settings, now, log),
      financeFigures: new FinanceFigures(recharges, withdrawals, now),
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
