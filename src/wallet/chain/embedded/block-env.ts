import { createBlock, type Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { EMBEDDED_BLOCK_GAS_LIMIT } from '../home-chain';

/** The coinbase of every embedded block (fees go nowhere anyone holds a key for). */
export const EMBEDDED_COINBASE = '0x0000000000000000000000000000000000000000';

/**
 * The execution environment of a block: what NUMBER, TIMESTAMP, BASEFEE and GASLIMIT read. The embedded chain keeps
 * its own history (Ledger), so the header here only needs what the EVM consults.
 */
export function blockEnv(common: Common, number: bigint, timestamp: bigint, baseFeePerGas: bigint): Block {
  return createBlock(
    { header: { number, timestamp, baseFeePerGas, gasLimit: EMBEDDED_BLOCK_GAS_LIMIT, coinbase: EMBEDDED_COINBASE } },
    { common, skipConsensusFormatValidation: true },
  );
}
