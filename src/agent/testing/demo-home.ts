import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { ClockPort } from '../../harness';
import { openVaultRepositories, type Vault } from '../../vault/vault';
import { createMemoryChainStateStore, openEmbeddedChain, type EmbeddedWalletChain } from '../../wallet';
import { demoAddressOf, prepareDemoChain } from '../demo';
import { loadDemoVault } from '../../vault/demo/load';

/**
 * Real parts for tests and benchmarks (Node only): the Dexie vault on fake-indexeddb (the real IndexedDB algorithm
 * in memory) with Alice's demo records, and the embedded chain restored from a deployed demo snapshot — the first
 * call in a process deploys the framework and prepares the demo accounts (a second or two), every later one
 * restores those bytes (milliseconds). The snapshot is copied into the vault's chainState table, so a "restart"
 * re-opens the chain from the vault exactly as the worker does.
 */
const snapshots = new Map<number, Promise<Uint8Array>>();

async function demoSnapshot(startMs: number): Promise<Uint8Array> {
  const store = createMemoryChainStateStore();
  const chain = await openEmbeddedChain({ store, clock: () => startMs });
  await prepareDemoChain(chain);
  if (store.bytes === undefined) throw new Error('the demo chain stored no snapshot');
  return store.bytes;
}

export type DemoHomeParts = { vault: Vault; chain: EmbeddedWalletChain; reopenChain(): Promise<EmbeddedWalletChain> };

export async function openDemoHome(
  clock: ClockPort,
  options: { name?: string; withRecords?: boolean } = {},
): Promise<DemoHomeParts> {
  const start = clock.now();
  let snapshot = snapshots.get(start);
  if (snapshot === undefined) {
    snapshot = demoSnapshot(start);
    snapshots.set(start, snapshot);
  }
  const vault = await openVaultRepositories(options.name ?? 'demo-home', {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
    clock,
  });
  if (options.withRecords !== false) await loadDemoVault(vault, { addressOf: demoAddressOf });
  await vault.chainState().save(await snapshot);
  const reopenChain = () => openEmbeddedChain({ store: vault.chainState(), clock: () => clock.now() });
  return { vault, chain: await reopenChain(), reopenChain };
}
