import { SimpleStateManager } from '@ethereumjs/statemanager';
import { createEmbeddedVm } from './evm';
import { EmbeddedChain, type ChainClock } from './embedded-chain';
import { Ledger } from './ledger';

/** A new, empty embedded chain: only the genesis block, no account, no contract. */
export async function createEmptyEmbeddedChain(
  clock: ChainClock,
  afterBlock: () => Promise<void>,
): Promise<EmbeddedChain> {
  const vm = await createEmbeddedVm(new SimpleStateManager());
  return new EmbeddedChain(vm, Ledger.genesis(BigInt(Math.floor(clock() / 1000))), clock, afterBlock);
}
