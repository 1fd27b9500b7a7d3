import { createTxFromRLP } from '@ethereumjs/tx';
import { bytesToHex, createAddressFromString, hexToBytes } from '@ethereumjs/util';
import type { Block } from '@ethereumjs/block';
import type { VM } from '@ethereumjs/vm';
import { toHex, type Hex } from 'viem';
import { EMBEDDED_BASE_FEE, EMBEDDED_BLOCK_GAS_LIMIT } from '../home-chain';
import { blockEnv } from './block-env';
import type { CallRequest } from './call-request';
import { estimateGas } from './estimate-gas';
import { blockHash, type Ledger } from './ledger';
import { mineTransaction } from './mine';
import { revertFailure, RpcFailure, RPC_CODES } from './rpc-error';
import { simulate } from './simulate';

/** Milliseconds since the epoch; injectable so tests and benchmarks control time. */
export type ChainClock = () => number;

/**
 * The embedded chain: a VM, its ledger and its clock. Methods assume the caller holds the chain's lock (the
 * provider serialises every request); `afterBlock` runs after each mined block — the persistence hook, awaited before
 * a transaction hash is returned, so an acknowledged transaction is never forgotten by a worker restart.
 */
export class EmbeddedChain {
  constructor(
    readonly vm: VM,
    readonly ledger: Ledger,
    private readonly clock: ChainClock,
    private readonly afterBlock: () => Promise<void>,
  ) {}

  /** The timestamp the next block gets: the clock plus any `evm_increaseTime`, never before the latest block. */
  nextTimestamp(): bigint {
    const now = BigInt(Math.floor(this.clock() / 1000) + this.ledger.timeOffset);
    const latest = BigInt(this.ledger.latest().timestamp);
    return now > latest ? now : latest;
  }

  private cachedEnv: { key: string; block: Block } | undefined;

  /**
   * The pending block calls run in: the next number, the next timestamp, no base fee (calls are free). Building a
   * block copies the common, so the block is reused while number and second stay the same.
   */
  private callEnv(): Block {
    const number = BigInt(this.ledger.latest().number) + 1n;
    const timestamp = this.nextTimestamp();
    const key = `${number}:${timestamp}`;
    if (this.cachedEnv?.key !== key) this.cachedEnv = { key, block: blockEnv(this.vm.common, number, timestamp, 0n) };
    return this.cachedEnv.block;
  }

  async call(request: CallRequest): Promise<Hex> {
    const gas = request.gas === undefined ? EMBEDDED_BLOCK_GAS_LIMIT : BigInt(request.gas);
    const result = await simulate(this.vm, request, this.callEnv(), gas);
    const error = result.execResult.exceptionError;
    if (error === undefined) return bytesToHex(result.execResult.returnValue) as Hex;
    if (error.error === 'revert') throw revertFailure(result.execResult.returnValue);
    throw new RpcFailure(RPC_CODES.invalidInput, `execution failed: ${error.error}`);
  }

  async estimateGas(request: CallRequest): Promise<bigint> {
    return estimateGas((gas) => simulate(this.vm, request, this.callEnv(), gas), EMBEDDED_BLOCK_GAS_LIMIT);
  }

  async sendRawTransaction(raw: Hex): Promise<Hex> {
    let tx;
    try {
      tx = createTxFromRLP(hexToBytes(raw), { common: this.vm.common });
    } catch (error) {
      throw new RpcFailure(
        RPC_CODES.invalidInput,
        `invalid transaction: ${error instanceof Error ? error.message : 'unreadable'}`,
      );
    }
    if (!tx.isSigned()) throw new RpcFailure(RPC_CODES.invalidInput, 'invalid transaction: not signed');
    const hash = bytesToHex(tx.hash()) as Hex;
    if (this.ledger.receipts.has(hash)) return hash; // a re-broadcast of a mined transaction is a no-op, as on a node
    await mineTransaction(this.vm, this.ledger, tx, this.nextTimestamp());
    await this.afterBlock();
    return hash;
  }

  /** `evm_mine`: an empty block (moves TIMESTAMP forward for the next transaction). */
  async mineEmpty(): Promise<void> {
    const parent = this.ledger.latest();
    const number = BigInt(parent.number) + 1n;
    const timestamp = this.nextTimestamp();
    const hash = blockHash(parent.hash, number, timestamp);
    this.ledger.append({
      number: toHex(number),
      hash,
      parentHash: parent.hash,
      timestamp: toHex(timestamp),
      gasUsed: '0x0',
      transactions: [],
    });
    await this.afterBlock();
  }

  async increaseTime(seconds: number): Promise<number> {
    this.ledger.timeOffset += seconds;
    await this.afterBlock();
    return this.ledger.timeOffset;
  }

  /** `anvil_setBalance`: the dev-chain funding both the embedded chain and anvil understand. */
  async setBalance(address: Hex, wei: bigint): Promise<void> {
    const at = createAddressFromString(address);
    const account = await this.vm.stateManager.getAccount(at);
    await this.vm.stateManager.modifyAccountFields(at, { balance: wei, nonce: account?.nonce ?? 0n });
    await this.afterBlock();
  }

  /** `anvil_setCode`: replaces an account's code, keeping its storage (how a stored test token is migrated). */
  async setCode(address: Hex, code: Hex): Promise<void> {
    await this.vm.stateManager.putCode(createAddressFromString(address), hexToBytes(code));
    await this.afterBlock();
  }

  get baseFee(): bigint {
    return EMBEDDED_BASE_FEE;
  }
}
