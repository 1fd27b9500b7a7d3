import { toHex, type Hex } from 'viem';
import { EMBEDDED_BASE_FEE, EMBEDDED_BLOCK_GAS_LIMIT } from '../home-chain';
import { EMBEDDED_COINBASE } from './block-env';
import type { Ledger, LedgerBlock, RpcRecord } from './ledger';

const ZERO32: Hex = `0x${'00'.repeat(32)}`;
const EMPTY_TRIE: Hex = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
const EMPTY_UNCLES: Hex = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';

/** A ledger block in JSON-RPC shape, with its transactions as hashes or as full objects. */
export function rpcBlock(ledger: Ledger, block: LedgerBlock, full: boolean): RpcRecord {
  return {
    number: block.number,
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp: block.timestamp,
    gasUsed: block.gasUsed,
    gasLimit: toHex(EMBEDDED_BLOCK_GAS_LIMIT),
    baseFeePerGas: toHex(EMBEDDED_BASE_FEE),
    miner: EMBEDDED_COINBASE,
    difficulty: '0x0',
    totalDifficulty: '0x0',
    extraData: '0x',
    nonce: '0x0000000000000000',
    mixHash: ZERO32,
    sha3Uncles: EMPTY_UNCLES,
    logsBloom: `0x${'00'.repeat(256)}`,
    stateRoot: ZERO32,
    transactionsRoot: EMPTY_TRIE,
    receiptsRoot: EMPTY_TRIE,
    size: '0x200',
    uncles: [],
    withdrawals: [],
    withdrawalsRoot: EMPTY_TRIE,
    blobGasUsed: '0x0',
    excessBlobGas: '0x0',
    parentBeaconBlockRoot: ZERO32,
    transactions: full ? block.transactions.map((hash) => ledger.transactions.get(hash)) : block.transactions,
  };
}

/** Resolves a block tag or number; state is kept for the latest block only (see `requireLatest`). */
export function blockByTag(ledger: Ledger, tag: unknown): LedgerBlock | undefined {
  if (tag === undefined || tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized')
    return ledger.latest();
  if (tag === 'earliest') return ledger.byNumber(0n);
  if (typeof tag === 'string' && /^0x[0-9a-fA-F]+$/.test(tag)) return ledger.byNumber(BigInt(tag));
  return undefined;
}
