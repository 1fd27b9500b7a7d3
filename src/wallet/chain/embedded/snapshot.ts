import { RLP } from '@ethereumjs/rlp';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { bytesToHex, bytesToUtf8, createAccountFromRLP, hexToBytes, utf8ToBytes } from '@ethereumjs/util';
import { HomeError } from '../../../protocol/errors';
import { HOME_CHAIN_ID } from '../home-chain';
import { createEmbeddedVm } from './evm';
import { EmbeddedChain, type ChainClock } from './embedded-chain';
import { Ledger, type LedgerState } from './ledger';

/** Snapshot format version: bump it (and keep reading the old one) when the layout changes. */
export const SNAPSHOT_VERSION = 1;

/**
 * The embedded chain's whole live state as bytes: RLP of [version, chainId, ledger JSON, accounts, code, storage].
 * Only live entries are written (the state manager is map-backed, so there are no stale trie nodes to carry). Must be
 * taken while no transaction or call is running (the provider's lane guarantees it).
 */
export function encodeSnapshot(chain: EmbeddedChain): Uint8Array {
  const state = chain.vm.stateManager as SimpleStateManager;
  if (state.accountStack.length !== 1) throw new Error('a snapshot was requested in the middle of a transaction');
  const accounts: Uint8Array[][] = [];
  for (const [address, account] of state.accountStack[0]!) {
    if (account !== undefined) accounts.push([hexToBytes(address), account.serialize()]);
  }
  const code: Uint8Array[][] = [];
  for (const [address, bytes] of state.codeStack[0]!) code.push([hexToBytes(address), bytes]);
  const storage: Uint8Array[][] = [];
  for (const [key, value] of state.storageStack[0]!) {
    const [address, slot] = key.split('_') as [string, string];
    storage.push([hexToBytes(address as `0x${string}`), hexToBytes(slot as `0x${string}`), value]);
  }
  const ledger = utf8ToBytes(JSON.stringify(chain.ledger.toState()));
  return RLP.encode([SNAPSHOT_VERSION, HOME_CHAIN_ID, ledger, accounts, code, storage]);
}

/** Rebuilds an embedded chain from a snapshot; bytes that are not a snapshot of this chain are refused in words. */
export async function restoreEmbeddedChain(
  bytes: Uint8Array,
  clock: ChainClock,
  afterBlock: () => Promise<void>,
): Promise<EmbeddedChain> {
  let decoded: Uint8Array[];
  try {
    decoded = RLP.decode(bytes) as Uint8Array[];
  } catch (cause) {
    throw new HomeError('CHAIN_SNAPSHOT_UNREADABLE', 'The saved chain state could not be read; start a fresh chain.', {
      cause,
    });
  }
  const [version, chainId, ledgerBytes, accounts, code, storage] = decoded as unknown as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array[][],
    Uint8Array[][],
    Uint8Array[][],
  ];
  if (toNumber(version) !== SNAPSHOT_VERSION || toNumber(chainId) !== HOME_CHAIN_ID || !Array.isArray(accounts)) {
    throw new HomeError(
      'CHAIN_SNAPSHOT_UNREADABLE',
      'The saved chain state is of another version or chain; start a fresh chain.',
    );
  }
  const state = new SimpleStateManager();
  const accountMap = state.accountStack[0]!;
  for (const [address, rlp] of accounts) accountMap.set(bytesToHex(address!), createAccountFromRLP(rlp!));
  const codeMap = state.codeStack[0]!;
  for (const [address, bytes] of code) codeMap.set(bytesToHex(address!), bytes!);
  const storageMap = state.storageStack[0]!;
  for (const [address, slot, value] of storage) storageMap.set(`${bytesToHex(address!)}_${bytesToHex(slot!)}`, value!);
  const ledger = new Ledger(JSON.parse(bytesToUtf8(ledgerBytes)) as LedgerState);
  return new EmbeddedChain(await createEmbeddedVm(state), ledger, clock, afterBlock);
}

function toNumber(bytes: Uint8Array | undefined): number {
  if (!(bytes instanceof Uint8Array)) return -1;
  return bytes.reduce((value, byte) => value * 256 + byte, 0);
}
