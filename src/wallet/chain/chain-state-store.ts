/**
 * Where the embedded chain's snapshot lives. The vault's `chainState` table implements it in the extension
 * (src/vault); `createMemoryChainStateStore` serves tests and the command line. `save` is awaited after every mined
 * block, so a resolved transaction hash means the state that includes it is stored.
 */
export type ChainStateStore = {
  load(): Promise<Uint8Array | undefined>;
  save(bytes: Uint8Array): Promise<void>;
};

/** A store in memory: survives restarting the chain object, not the process. `saves` counts writes for tests. */
export function createMemoryChainStateStore(
  initial?: Uint8Array,
): ChainStateStore & { saves: number; bytes: Uint8Array | undefined } {
  const store = {
    saves: 0,
    bytes: initial,
    async load() {
      return store.bytes === undefined ? undefined : store.bytes.slice();
    },
    async save(bytes: Uint8Array) {
      store.saves += 1;
      store.bytes = bytes.slice();
    },
  };
  return store;
}
