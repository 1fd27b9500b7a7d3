import type { Address } from 'viem';
import type { WalletChain } from '../chain/wallet-chain';

/** Whether an account has code on the chain (a Smart Agent is counterfactual until it does). Throws if unreachable. */
export async function isDeployed(chain: WalletChain, address: Address): Promise<boolean> {
  const code = await chain.client.getCode({ address });
  return code !== undefined && code !== '0x';
}
