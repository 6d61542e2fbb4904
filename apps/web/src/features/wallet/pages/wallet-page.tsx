import '../messages';
import '../wallet.css';
import { Space } from 'antd';
import { BalanceCard } from '../components/balance-card';
import { LedgerCard } from '../components/ledger-card';

/** /user/wallet 我的钱包: balances, commission → balance, 资金明细. */
export default function WalletPage() {
  return (
    <Space orientation="vertical" size={16} className="wallet-page" data-testid="wallet-page">
      <BalanceCard />
      <LedgerCard />
    </Space>
  );
}
