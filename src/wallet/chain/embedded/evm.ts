import { createCustomCommon, Mainnet, type Common } from '@ethereumjs/common';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { createVM, type VM } from '@ethereumjs/vm';
import { HOME_CHAIN_ID, HOME_HARDFORK } from '../home-chain';

/** The common (chain id + hardfork) every embedded block, transaction and call is built with. */
export function createHomeCommon(): Common {
  return createCustomCommon({ chainId: HOME_CHAIN_ID }, Mainnet, { hardfork: HOME_HARDFORK });
}

/**
 * A fresh VM over a map-backed state (no Merkle trie). Why not the trie: nothing here needs state roots or proofs,
 * the maps make every call cheaper (no hashing on commit), and the live state serialises to a compact snapshot that
 * restores by filling three maps (src/wallet/chain/embedded/snapshot.ts) — no trie to rebuild.
 */
export async function createEmbeddedVm(stateManager = new SimpleStateManager()): Promise<VM> {
  const common = createHomeCommon();
  // activatePrecompiles: precompiles exist from block 0, as on anvil, so their first call costs what it costs there.
  return createVM({ common, stateManager, activatePrecompiles: true });
}
