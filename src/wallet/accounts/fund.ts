import { toHex, type Address } from 'viem';
import { HomeError } from '../../protocol/errors';
import type { WalletChain } from '../chain/wallet-chain';
import { HOME_ENVIRONMENT } from '../deploy/environment';

/**
 * Gives an account ether on a local chain (the embedded EVM and anvil understand `anvil_setBalance`): the harness
 * agent is funded so it can redeem mandates and submit the account's operations (DESIGN §10). Refused on a chain
 * with the canonical deployments — real networks are funded by their owner, never by Home Agent.
 */
export async function fundOnLocalChain(chain: WalletChain, address: Address, wei: bigint): Promise<void> {
  if (chain.environment.DelegationManager !== HOME_ENVIRONMENT.DelegationManager) {
    throw new HomeError('NOT_A_LOCAL_CHAIN', 'Only a local Home Agent chain can be funded by Home Agent.');
  }
  await chain.client.request({ method: 'anvil_setBalance', params: [address, toHex(wei)] } as never);
}
