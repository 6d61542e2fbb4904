import {
  type CommissionTransferBody,
  type LedgerListQuery,
  type LedgerPage,
  WALLET_PATHS,
  type WalletInfo,
} from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download } from '../../../lib/download';
import { type Language, LOCALE } from '../../../lib/language';
import { get, post } from '../../../lib/request';

export const WALLET_KEY = ['wallet'] as const;
export const LEDGER_KEY = ['wallet-ledger'] as const;

export const useWalletInfo = () =>
  useQuery({ queryKey: WALLET_KEY, queryFn: () => get<WalletInfo>(WALLET_PATHS.info) });

export const fetchLedger = (query: LedgerListQuery) => get<LedgerPage>(WALLET_PATHS.ledger, query);

/** Commission → balance; the balances and 资金明细 are read again afterwards. */
export function useCommissionTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CommissionTransferBody) => post<WalletInfo>(WALLET_PATHS.transfer, body),
    onSuccess: (info) => {
      client.setQueryData(WALLET_KEY, info);
      void client.invalidateQueries({ queryKey: LEDGER_KEY });
    },
  });
}

/** Every entry of the filters as the server writes the CSV (not just this page). */
export function exportLedger(filters: Omit<LedgerListQuery, 'page' | 'limit' | 'sort'>, language: Language) {
  return download(WALLET_PATHS.ledgerCsv, { ...filters, lang: LOCALE[language] }, 'ledger.csv');
}
