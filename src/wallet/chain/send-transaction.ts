import { createClient, custom, type Address, type Hex, type LocalAccount, type TransactionReceipt } from 'viem';
import { sendTransaction } from 'viem/actions';
import type { WalletChain } from './wallet-chain';

export type SendParameters = { to: Address; data?: Hex; value?: bigint; gas?: bigint };

/** Sends a transaction signed locally by `account` through the chain's client, and waits for its receipt. */
export async function sendFromLocalAccount(
  chain: WalletChain,
  account: LocalAccount,
  { to, data, value, gas }: SendParameters,
): Promise<{ hash: Hex; receipt: TransactionReceipt }> {
  const wallet = createClient({
    account,
    chain: chain.client.chain,
    transport: custom({ request: chain.client.request }),
  });
  const hash = await sendTransaction(wallet, { account, chain: chain.client.chain, to, data, value, gas });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  return { hash, receipt };
}
