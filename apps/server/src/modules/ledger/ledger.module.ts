import { defineModule } from '../../kernel/module.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { walletRoutes } from './wallet.routes.js';
import { WalletService } from './wallet.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    /** The only code that changes a balance: `ledger.post(posting, tx)` inside the business transaction. */
    ledger: LedgerService;
    wallet: WalletService;
  }
}

export const ledgerModule = defineModule({
  name: 'ledger',
  needs: ['settings'],
  services: ({ db, settings }) => {
    const ledger = new LedgerService(new LedgerRepository(db));
    // 佣金转入余额 is a setting (modules/invites/README.md).
    const policy = { commissionTransferOpen: () => settings.get('commission_transfer_open') };
    return { ledger, wallet: new WalletService(ledger, db, policy) };
  },
  routes: async (app, s) => app.register(walletRoutes, s),
});
