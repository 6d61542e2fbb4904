import type { AddressesService } from './addresses.service.js';
import type { ChainWatcher } from './chain-watcher.js';
import type { RechargesService } from './recharges.service.js';
import type { TransfersService } from './transfers.service.js';
import type { WithdrawalsService } from './withdrawals.service.js';

/** What the finance area provides (the module builds it, its two route files serve it). */
export interface FinanceServices {
  usdtAddresses: AddressesService;
  recharges: RechargesService;
  usdtTransfers: TransfersService;
  withdrawals: WithdrawalsService;
  chainWatcher: ChainWatcher;
}
