import type { TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import { runTx, type VM } from '@ethereumjs/vm';
import { toHex, type Hex } from 'viem';
import { EMBEDDED_BASE_FEE } from '../home-chain';
import { blockEnv } from './block-env';
import { blockHash, type Ledger, type LedgerBlock, type RpcRecord } from './ledger';
import { transactionRejected } from './rpc-error';

/**
 * Mines one signed transaction in a block of its own (anvil's automine) and records block, transaction and receipt
 * in the ledger. A transaction the chain refuses (nonce, funds, fees) changes nothing and throws a node-worded error;
 * one that reverts is mined with status 0x0, as on any node. The caller must hold the chain's lock.
 */
export async function mineTransaction(vm: VM, ledger: Ledger, tx: TypedTransaction, timestamp: bigint): Promise<Hex> {
  const parent = ledger.latest();
  const number = BigInt(parent.number) + 1n;
  const env = blockEnv(vm.common, number, timestamp, EMBEDDED_BASE_FEE);
  let result;
  try {
    result = await runTx(vm, { tx, block: env, skipHardForkValidation: true });
  } catch (error) {
    throw transactionRejected(error instanceof Error ? error.message : String(error));
  }
  const hash = bytesToHex(tx.hash()) as Hex;
  const hashOfBlock = blockHash(parent.hash, number, timestamp, hash);
  const block: LedgerBlock = {
    number: toHex(number),
    hash: hashOfBlock,
    parentHash: parent.hash,
    timestamp: toHex(timestamp),
    gasUsed: toHex(result.totalGasSpent),
    transactions: [hash],
  };
  const where = { blockHash: hashOfBlock, blockNumber: toHex(number), transactionIndex: '0x0' };
  const from = tx.getSenderAddress().toString();
  const to = tx.to === undefined ? null : tx.to.toString();
  const priority = 'maxPriorityFeePerGas' in tx ? tx.maxPriorityFeePerGas : tx.gasPrice - EMBEDDED_BASE_FEE;
  const maxFee = 'maxFeePerGas' in tx ? tx.maxFeePerGas : tx.gasPrice;
  const effectiveGasPrice = EMBEDDED_BASE_FEE + priority < maxFee ? EMBEDDED_BASE_FEE + priority : maxFee;
  const transaction: RpcRecord = { ...rpcTransaction(tx, hash, from), ...where };
  const receipt: RpcRecord = {
    ...where,
    transactionHash: hash,
    from,
    to,
    type: toHex(tx.type),
    status: result.execResult.exceptionError === undefined ? '0x1' : '0x0',
    gasUsed: toHex(result.totalGasSpent),
    cumulativeGasUsed: toHex(result.totalGasSpent),
    effectiveGasPrice: toHex(effectiveGasPrice),
    contractAddress: result.createdAddress === undefined ? null : result.createdAddress.toString(),
    logsBloom: bytesToHex(result.bloom.bitvector),
    logs: result.receipt.logs.map(([address, topics, data], logIndex) => ({
      ...where,
      address: bytesToHex(address),
      topics: topics.map((topic) => bytesToHex(topic)),
      data: bytesToHex(data),
      logIndex: toHex(logIndex),
      transactionHash: hash,
      removed: false,
    })),
  };
  ledger.append(block, transaction, receipt);
  return hash;
}

function rpcTransaction(tx: TypedTransaction, hash: Hex, from: string): RpcRecord {
  const { data, gasLimit, ...json } = tx.toJSON() as Record<string, unknown>;
  return {
    ...json,
    hash,
    from,
    to: tx.to === undefined ? null : tx.to.toString(),
    input: data,
    type: toHex(tx.type),
    gas: gasLimit,
    yParity: json.v,
  };
}
