import { custom } from 'viem';
import { createChainClient } from './chain-client';
import { deployHomeEnvironment } from '../deploy/deploy-home-environment';
import { HOME_ENVIRONMENT, HOME_USDC } from '../deploy/environment';
import { migrateTestUsdc } from '../deploy/usdc/migrate-test-usdc';
import type { ChainStateStore } from './chain-state-store';
import { createEmptyEmbeddedChain } from './embedded/open';
import type { ChainClock, EmbeddedChain } from './embedded/embedded-chain';
import { createEmbeddedProvider, type EmbeddedProvider } from './embedded/provider';
import { encodeSnapshot, restoreEmbeddedChain } from './embedded/snapshot';
import { HOME_CHAIN_ID, homeChain } from './home-chain';
import type { WalletChain } from './wallet-chain';

export type OpenEmbeddedChainParameters = { store: ChainStateStore; clock?: ChainClock };

export type EmbeddedWalletChain = WalletChain & {
  kind: 'embedded';
  provider: EmbeddedProvider;
  /** True when the state came from the store; false when this call deployed a fresh chain. */
  restored: boolean;
  embedded: EmbeddedChain;
};

/**
 * Opens the embedded chain: restores the stored snapshot when there is one (milliseconds), otherwise deploys the
 * framework and USDC on a fresh EVM (about a second) and stores the result. A snapshot whose test token still
 * runs the hand-assembled code of the first Home Agent chains is given the compiled token and stored again. Every later mined block is stored
 * before its transaction hash is returned. A stored snapshot that cannot be read is refused, never replaced
 * silently: a fresh chain would forget revocations.
 */
export async function openEmbeddedChain({
  store,
  clock = () => Date.now(),
}: OpenEmbeddedChainParameters): Promise<EmbeddedWalletChain> {
  // While deploying, blocks are not stored one by one: the finished deployment is stored once.
  let persisting = false;
  const afterBlock = async () => {
    if (persisting) await store.save(encodeSnapshot(chain));
  };
  const saved = await store.load();
  const chain: EmbeddedChain =
    saved === undefined
      ? await createEmptyEmbeddedChain(clock, afterBlock)
      : await restoreEmbeddedChain(saved, clock, afterBlock);
  const provider = createEmbeddedProvider(chain);
  // No CCIP-Read: a contract's revert must never make the wallet fetch a URL it names.
  const client = createChainClient({
    chain: homeChain,
    transport: custom(provider, { retryCount: 0 }),
    pollingInterval: 20,
    ccipRead: false,
  });
  if (saved === undefined) {
    await deployHomeEnvironment(client);
    await store.save(encodeSnapshot(chain));
  } else if ((await migrateTestUsdc(client)).migrated) {
    await store.save(encodeSnapshot(chain));
  }
  persisting = true;
  return {
    kind: 'embedded',
    chainId: HOME_CHAIN_ID,
    client,
    environment: HOME_ENVIRONMENT,
    usdc: HOME_USDC,
    provider,
    restored: saved !== undefined,
    embedded: chain,
  };
}
