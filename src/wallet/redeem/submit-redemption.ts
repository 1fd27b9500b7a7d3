import type { TransactionReceipt } from 'viem';
import type { WalletChain } from '../chain/wallet-chain';
import type { PreparedRedemption } from './prepare-redemption';

/**
 * Sends a prepared redemption's exact bytes and waits for the receipt. Sending them again (after a crash, or twice)
 * is harmless: a node that already has them answers with the same hash or "nonce too low", and the receipt is read
 * either way.
 */
export async function submitRedemption(chain: WalletChain, prepared: PreparedRedemption): Promise<TransactionReceipt> {
  try {
    await chain.client.sendRawTransaction({ serializedTransaction: prepared.rawTransaction });
  } catch (error) {
    // Already mined, or already pending on a node that says "already known": wait for it. Otherwise a real failure.
    const known = await chain.client.getTransaction({ hash: prepared.transactionHash }).catch(() => undefined);
    if (known === undefined) throw error;
  }
  return chain.client.waitForTransactionReceipt({ hash: prepared.transactionHash });
}
