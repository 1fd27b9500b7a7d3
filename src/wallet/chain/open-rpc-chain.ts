import { createClient, defineChain, http, type Address } from 'viem';
import { getChainId } from 'viem/actions';
import { createChainClient } from './chain-client';
import { HomeError } from '../../protocol/errors';
import { HOME_ENVIRONMENT, HOME_USDC } from '../deploy/environment';
import { canonicalEnvironment, type FrameworkEnvironment } from '../deploy/framework-environment';
import type { WalletChain } from './wallet-chain';

export type OpenRpcChainParameters = {
  url: string;
  /** 'canonical': the framework's published deployments for this chain id; 'home': our deterministic deployment (anvil). */
  deployment: 'canonical' | 'home';
  /** The USDC token for payments on this chain (the home deployment brings its own). */
  usdc?: Address;
  /** Milliseconds between receipt polls; a local node wants a short one. */
  pollingInterval?: number;
};

/**
 * Opens any EVM JSON-RPC endpoint the person configured (or anvil in tests) with the same code paths as the embedded
 * chain. The chain id is read from the node; an unknown chain for canonical deployments is refused in words.
 */
export async function openRpcChain({
  url,
  deployment,
  usdc,
  pollingInterval = 1_000,
}: OpenRpcChainParameters): Promise<WalletChain> {
  const probe = createClient({ transport: http(url, { retryCount: 1 }) });
  let chainId: number;
  try {
    chainId = await getChainId(probe);
  } catch (cause) {
    throw new HomeError(
      'CHAIN_UNAVAILABLE',
      `The chain at ${url} did not answer; check the address and that the node is running.`,
      { cause },
    );
  }
  const environment: FrameworkEnvironment | undefined =
    deployment === 'home' ? HOME_ENVIRONMENT : canonicalEnvironment(chainId);
  if (environment === undefined) {
    throw new HomeError(
      'CHAIN_UNSUPPORTED',
      `The Delegation Framework has no published deployment on chain ${chainId}.`,
    );
  }
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  // No CCIP-Read: a contract's revert must never make the wallet fetch a URL it names.
  const client = createChainClient({
    chain,
    transport: http(url, { retryCount: 1 }),
    pollingInterval,
    ccipRead: false,
  });
  return { kind: 'rpc', chainId, client, environment, usdc: usdc ?? (deployment === 'home' ? HOME_USDC : undefined) };
}
