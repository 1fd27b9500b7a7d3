import { bytesToHex, createAddressFromString, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import { toHex, type EIP1193RequestFn, type Hex } from 'viem';
import { HOME_CHAIN_ID } from '../home-chain';
import { CallRequest } from './call-request';
import type { EmbeddedChain } from './embedded-chain';
import { blockByTag, rpcBlock } from './rpc-block';
import { RpcFailure, RPC_CODES } from './rpc-error';
import { createSerialLane } from './serial';

/** The EIP-1193 face of the embedded chain: what viem's `custom()` transport calls. */
export type EmbeddedProvider = { request: EIP1193RequestFn };

type Handler = (chain: EmbeddedChain, params: unknown[]) => Promise<unknown> | unknown;

const PRIORITY_FEE = 1_000_000_000n;

const address = (value: unknown) => {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw invalidParams('an address');
  return createAddressFromString(value);
};
const invalidParams = (what: string) => new RpcFailure(RPC_CODES.invalidParams, `invalid params: expected ${what}`);

/** State is kept for the latest block only: a read at an older block is refused rather than answered wrongly. */
function requireLatest(chain: EmbeddedChain, tag: unknown): void {
  const block = blockByTag(chain.ledger, tag);
  if (block === undefined) throw new RpcFailure(RPC_CODES.invalidInput, 'header not found');
  if (block !== chain.ledger.latest())
    throw new RpcFailure(RPC_CODES.invalidInput, 'historical state is not kept by the embedded chain');
}

function callRequest(value: unknown): CallRequest {
  const parsed = CallRequest.safeParse(value);
  if (!parsed.success) throw invalidParams('a call object');
  return parsed.data;
}

const handlers: Record<string, Handler> = {
  eth_chainId: () => toHex(HOME_CHAIN_ID),
  net_version: () => String(HOME_CHAIN_ID),
  web3_clientVersion: () => 'HomeAgentEmbeddedChain/1 (@ethereumjs/vm)',
  eth_accounts: () => [],
  eth_syncing: () => false,
  eth_blockNumber: (chain) => chain.ledger.latest().number,
  eth_gasPrice: (chain) => toHex(chain.baseFee + PRIORITY_FEE),
  eth_maxPriorityFeePerGas: () => toHex(PRIORITY_FEE),
  eth_feeHistory: (chain, [count]) => {
    const blocks = Math.max(1, Math.min(Number(count ?? 1), 1024));
    const latest = BigInt(chain.ledger.latest().number);
    return {
      oldestBlock: toHex(latest - BigInt(blocks) + 1n > 0n ? latest - BigInt(blocks) + 1n : 0n),
      baseFeePerGas: Array.from({ length: blocks + 1 }, () => toHex(chain.baseFee)),
      gasUsedRatio: Array.from({ length: blocks }, () => 0),
      reward: Array.from({ length: blocks }, () => [toHex(PRIORITY_FEE)]),
    };
  },
  eth_getBalance: async (chain, [who, tag]) => {
    requireLatest(chain, tag);
    return toHex((await chain.vm.stateManager.getAccount(address(who)))?.balance ?? 0n);
  },
  eth_getTransactionCount: async (chain, [who, tag]) => {
    requireLatest(chain, tag);
    return toHex((await chain.vm.stateManager.getAccount(address(who)))?.nonce ?? 0n);
  },
  eth_getCode: async (chain, [who, tag]) => {
    requireLatest(chain, tag);
    return bytesToHex(await chain.vm.stateManager.getCode(address(who)));
  },
  eth_getStorageAt: async (chain, [who, slot, tag]) => {
    requireLatest(chain, tag);
    if (typeof slot !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(slot)) throw invalidParams('a storage slot');
    const key = setLengthLeft(hexToBytes(toHex(BigInt(slot))), 32);
    const value = await chain.vm.stateManager.getStorage(address(who), key);
    return bytesToHex(setLengthLeft(value, 32));
  },
  eth_call: async (chain, [request, tag]) => {
    requireLatest(chain, tag);
    return chain.call(callRequest(request));
  },
  eth_estimateGas: async (chain, [request]) => toHex(await chain.estimateGas(callRequest(request))),
  eth_sendRawTransaction: (chain, [raw]) => {
    if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]+$/.test(raw)) throw invalidParams('a signed transaction');
    return chain.sendRawTransaction(raw as Hex);
  },
  eth_getTransactionReceipt: (chain, [hash]) => chain.ledger.receipts.get(String(hash).toLowerCase() as Hex) ?? null,
  eth_getTransactionByHash: (chain, [hash]) => chain.ledger.transactions.get(String(hash).toLowerCase() as Hex) ?? null,
  eth_getBlockByNumber: (chain, [tag, full]) => {
    const block = blockByTag(chain.ledger, tag);
    return block === undefined ? null : rpcBlock(chain.ledger, block, full === true);
  },
  eth_getBlockByHash: (chain, [hash, full]) => {
    const block = chain.ledger.byHash(String(hash) as Hex);
    return block === undefined ? null : rpcBlock(chain.ledger, block, full === true);
  },
  evm_mine: async (chain) => {
    await chain.mineEmpty();
    return '0x0';
  },
  evm_increaseTime: async (chain, [seconds]) => {
    const value = typeof seconds === 'string' ? Number(BigInt(seconds)) : Number(seconds);
    if (!Number.isSafeInteger(value) || value < 0) throw invalidParams('a number of seconds');
    return chain.increaseTime(value);
  },
  anvil_setBalance: async (chain, [who, wei]) => {
    if (typeof wei !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(wei)) throw invalidParams('a balance');
    await chain.setBalance(address(who).toString() as Hex, BigInt(wei));
    return null;
  },
  anvil_setCode: async (chain, [who, code]) => {
    if (typeof code !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(code)) throw invalidParams('contract code');
    await chain.setCode(address(who).toString() as Hex, code as Hex);
    return null;
  },
};

/**
 * An EIP-1193 provider over the embedded chain. Requests run one at a time (the EVM has one checkpoint stack);
 * failures are thrown as node-shaped `{ code, message, data }` errors.
 */
export function createEmbeddedProvider(chain: EmbeddedChain): EmbeddedProvider {
  const lane = createSerialLane();
  const request = async ({ method, params }: { method: string; params?: unknown }) => {
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
    if (handler === undefined)
      throw new RpcFailure(RPC_CODES.methodNotFound, `the method ${method} does not exist/is not available`);
    const list = Array.isArray(params) ? params : [];
    return lane(async () => {
      try {
        return await handler(chain, list);
      } catch (error) {
        // Node-shaped errors pass through; anything the EVM threw (a call below intrinsic gas, …) is worded as one.
        if (error instanceof RpcFailure) throw error;
        throw new RpcFailure(
          RPC_CODES.invalidInput,
          (error instanceof Error ? error.message : String(error)).slice(0, 300),
        );
      }
    });
  };
  return { request: request as EIP1193RequestFn };
}
