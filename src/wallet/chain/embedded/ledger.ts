import { encodeAbiParameters, keccak256, stringToHex, toHex, type Hex } from 'viem';

/** A block as JSON-RPC shows it (hex quantities); transactions by hash. */
export type LedgerBlock = {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  timestamp: Hex;
  gasUsed: Hex;
  transactions: Hex[];
};

/** JSON-RPC shaped records (hex strings), kept as such so they persist and answer RPC without conversion. */
export type RpcRecord = Record<string, unknown>;

/** What the ledger persists (inside the chain snapshot). */
export type LedgerState = {
  blocks: LedgerBlock[];
  transactions: [Hex, RpcRecord][];
  receipts: [Hex, RpcRecord][];
  timeOffset: number;
};

/**
 * The embedded chain's history: one block per transaction (automine, like anvil), their transactions and receipts.
 * State lives in the VM; this is what `eth_getBlockByNumber`, `eth_getTransactionReceipt` and reconcile read, and it
 * is persisted with the state so a receipt survives a worker restart.
 */
export class Ledger {
  readonly blocks: LedgerBlock[];
  readonly transactions: Map<Hex, RpcRecord>;
  readonly receipts: Map<Hex, RpcRecord>;
  /** Seconds added to the clock by `evm_increaseTime`. */
  timeOffset: number;

  constructor(state: LedgerState) {
    this.blocks = state.blocks;
    this.transactions = new Map(state.transactions);
    this.receipts = new Map(state.receipts);
    this.timeOffset = state.timeOffset;
  }

  /** A ledger holding only the genesis block, stamped with the given time. */
  static genesis(timestamp: bigint): Ledger {
    const hash = keccak256(stringToHex('home-agent/embedded-chain/genesis'));
    const zero: Hex = `0x${'00'.repeat(32)}`;
    const block: LedgerBlock = {
      number: '0x0',
      hash,
      parentHash: zero,
      timestamp: toHex(timestamp),
      gasUsed: '0x0',
      transactions: [],
    };
    return new Ledger({ blocks: [block], transactions: [], receipts: [], timeOffset: 0 });
  }

  latest(): LedgerBlock {
    return this.blocks[this.blocks.length - 1]!;
  }

  byNumber(number: bigint): LedgerBlock | undefined {
    return number < 0n || number >= BigInt(this.blocks.length) ? undefined : this.blocks[Number(number)];
  }

  byHash(hash: Hex): LedgerBlock | undefined {
    const wanted = hash.toLowerCase();
    return this.blocks.find((block) => block.hash === wanted);
  }

  append(block: LedgerBlock, transaction?: RpcRecord, receipt?: RpcRecord): void {
    this.blocks.push(block);
    const hash = block.transactions[0];
    if (hash !== undefined && transaction !== undefined && receipt !== undefined) {
      this.transactions.set(hash, transaction);
      this.receipts.set(hash, receipt);
    }
  }

  toState(): LedgerState {
    return {
      blocks: this.blocks,
      transactions: [...this.transactions],
      receipts: [...this.receipts],
      timeOffset: this.timeOffset,
    };
  }
}

const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;

/** A block's hash: the embedded chain keeps no headers, so it commits to parent, number, time and its transaction. */
export function blockHash(parentHash: Hex, number: bigint, timestamp: bigint, transaction: Hex = ZERO_HASH): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'bytes32' }],
      [parentHash, number, timestamp, transaction],
    ),
  );
}
