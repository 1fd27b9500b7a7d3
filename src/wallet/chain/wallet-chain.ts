import type { Address } from 'viem';
import type { ChainClient } from './chain-client';
import type { FrameworkEnvironment } from '../deploy/framework-environment';

/**
 * What every wallet function is given: a viem public client on the chain (the embedded EVM through `custom()`, or
 * any JSON-RPC URL through `http()` — the same code paths), the chain id, the Delegation Framework's addresses on it
 * and the USDC token used for payments (absent where none is configured).
 */
export type WalletChain = {
  kind: 'embedded' | 'rpc';
  chainId: number;
  client: ChainClient;
  environment: FrameworkEnvironment;
  usdc: Address | undefined;
};
