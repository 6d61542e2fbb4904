import { nothing } from './endpoint.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';
import {
  commissionTransferBodySchema,
  ledgerCsvQuerySchema,
  ledgerListQuerySchema,
  ledgerPageSchema,
  walletInfoSchema,
} from './ledger-schemas.js';

export * from './ledger-constants.js';

/** The signed-in user's own wallet (我的账号 → 我的钱包); client sessions have none (ACCESS.account). */
export const WALLET_API = defineApi('wallet', {
  info: endpoint({
    method: 'GET',
    path: '/api/v1/api2/wallet/info',
    access: 'account',
    summary: "The caller's balance and commission",
    response: walletInfoSchema,
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/api/v1/api2/wallet/ledger',
    access: 'account',
    summary: "A page of the caller's ledger entries (资金明细)",
    query: ledgerListQuerySchema,
    response: ledgerPageSchema,
  }),
  /** A CSV file of every filtered entry, not the envelope. */
  ledgerCsv: endpoint({
    method: 'GET',
    path: '/api/v1/api2/wallet/ledgerCsv',
    access: 'account',
    summary: "The caller's filtered ledger entries as a CSV file",
    file: true,
    query: ledgerCsvQuerySchema,
    response: nothing,
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/api/v1/api2/wallet/transferCommission',
    access: 'account',
    summary: 'Move an amount of commission to the balance',
    body: commissionTransferBodySchema,
    response: walletInfoSchema,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const WALLET_PATHS = pathsOf(WALLET_API);
