import { createClient, type Chain, type Client, type ClientConfig, type PublicActions, type Transport } from 'viem';
import {
  call,
  estimateFeesPerGas,
  estimateGas,
  getBalance,
  getBlock,
  getBlockNumber,
  getChainId,
  getCode,
  getStorageAt,
  getTransaction,
  getTransactionCount,
  getTransactionReceipt,
  readContract,
  sendRawTransaction,
  simulateContract,
  verifyHash,
  waitForTransactionReceipt,
} from 'viem/actions';

/** The public actions the wallet and its callers use; anything else is a viem action called with the client. */
export type ChainActionName =
  | 'call'
  | 'estimateFeesPerGas'
  | 'estimateGas'
  | 'getBalance'
  | 'getBlock'
  | 'getBlockNumber'
  | 'getChainId'
  | 'getCode'
  | 'getStorageAt'
  | 'getTransaction'
  | 'getTransactionCount'
  | 'getTransactionReceipt'
  | 'readContract'
  | 'sendRawTransaction'
  | 'simulateContract'
  | 'verifyHash'
  | 'waitForTransactionReceipt';

export type ChainActions = Pick<PublicActions<Transport, Chain>, ChainActionName>;

/** A viem client on the wallet's chain with the actions above bound to it. */
export type ChainClient = Client<Transport, Chain> & ChainActions;

export type CreateChainClientParameters = ClientConfig<Transport, Chain>;

/** Binds the wallet's actions to a client, as viem's `publicActions` does for all of them. */
export function chainActions(client: Client<Transport, Chain>): ChainActions {
  return {
    call: (args) => call(client, args),
    estimateFeesPerGas: (args) => estimateFeesPerGas(client, args as never) as never,
    estimateGas: (args) => estimateGas(client, args),
    getBalance: (args) => getBalance(client, args),
    getBlock: (args) => getBlock(client, args),
    getBlockNumber: (args) => getBlockNumber(client, args),
    getChainId: () => getChainId(client),
    getCode: (args) => getCode(client, args),
    getStorageAt: (args) => getStorageAt(client, args),
    getTransaction: (args) => getTransaction(client, args),
    getTransactionCount: (args) => getTransactionCount(client, args),
    getTransactionReceipt: (args) => getTransactionReceipt(client, args),
    readContract: (args) => readContract(client, args),
    sendRawTransaction: (args) => sendRawTransaction(client, args),
    simulateContract: (args) => simulateContract(client, args),
    verifyHash: (args) => verifyHash(client, args),
    waitForTransactionReceipt: (args) => waitForTransactionReceipt(client, args),
  };
}

/**
 * The wallet's client: viem's `createClient` with only the actions the wallet uses, rather than
 * `createPublicClient`, whose decorator brings every public action into the extension's worker.
 */
export function createChainClient(config: CreateChainClientParameters): ChainClient {
  // The config names a chain, so the client's chain is never undefined (createClient types it as optional).
  const client = createClient(config) as Client<Transport, Chain>;
  return client.extend(chainActions) as ChainClient;
}
