import { createMemoryChainStateStore } from '../../src/wallet/chain/chain-state-store';
import { HOME_CHAIN_ID } from '../../src/wallet/chain/home-chain';
import { openRpcChain } from '../../src/wallet/chain/open-rpc-chain';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import type { Clock } from '../ports';
import { fileChainStateStore } from './file-chain-store';

/**
 * The gateway's chain (DESIGN §7, §10): its own embedded EVM with the same deterministic deployment as every Home
 * Agent chain (persisted to `stateFile`, or in memory), or an RPC endpoint when `rpcUrl` is set — the home deployment
 * on the Home chain id (anvil), the framework's canonical deployments elsewhere.
 */
export async function openGatewayChain(options: {
  rpcUrl?: string;
  stateFile?: string;
  clock: Clock;
}): Promise<WalletChain> {
  if (options.rpcUrl !== undefined && options.rpcUrl !== '') {
    const probe = await openRpcChain({ url: options.rpcUrl, deployment: 'home', pollingInterval: 50 });
    return probe.chainId === HOME_CHAIN_ID ? probe : openRpcChain({ url: options.rpcUrl, deployment: 'canonical' });
  }
  const store =
    options.stateFile === undefined ? createMemoryChainStateStore() : fileChainStateStore(options.stateFile);
  // The EVM is loaded only when this gateway runs its own chain (a gateway on a shared RPC node never loads it).
  const { openEmbeddedChain } = await import('../../src/wallet/chain/open-embedded-chain');
  return openEmbeddedChain({ store, clock: () => options.clock.now().getTime() });
}
