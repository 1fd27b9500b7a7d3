import type { KdfChoice } from '../vault/keys/kdf';
import { createKeyring } from '../vault/keys/keyring';
import type { SessionKeyStore } from '../vault/keys/session-keys';
import type { Vault } from '../vault/vault';
import { openEmbeddedChain, openRpcChain, type WalletChain } from '../wallet';
import type { HomeServices } from './services';

export type WorkerHomeParts = {
  vault: Vault;
  /** chrome.storage.session in the worker (restricted to trusted contexts), memory in tests. */
  session: SessionKeyStore;
  /** Whether the browser lets Home Agent reach an origin (chrome.permissions.contains in the worker). */
  canReach(origin: string): Promise<boolean>;
  pendingCount(): Promise<number>;
  newId(): string;
  kdf?: KdfChoice;
  openSidePanel?(tabId: number): Promise<boolean>;
  /** Told when the vault was replaced or the settings changed, after the chain was forgotten (the agent rebuilds). */
  onReload?(reason: 'import' | 'settings'): Promise<void> | void;
};

/** The chain the settings name: the embedded EVM over the vault's snapshot, or the person's RPC URL. */
async function openConfiguredChain(vault: Vault): Promise<WalletChain> {
  const mode = await vault.settings.get('chain.mode');
  const url = await vault.settings.get('chain.rpcUrl');
  if (mode === 'rpc' && url !== null) return openRpcChain({ url, deployment: 'canonical' });
  return openEmbeddedChain({ store: vault.chainState() });
}

/**
 * The Home's services for one worker: ONE keyring and ONE chain, opened on first use and shared with the agent
 * (the agent's composition root takes `keyring` and `chain()` from here, so a lock here runs the agent's hooks and
 * a revocation here is seen by the agent's verifier). `reload` forgets the chain, so the next use reopens it from
 * the (possibly replaced) vault and the (possibly changed) settings.
 */
export function createWorkerHome(parts: WorkerHomeParts): HomeServices {
  const { vault } = parts;
  const keyring = createKeyring({
    keys: vault.keys,
    session: parts.session,
    clock: vault.clock,
    ...(parts.kdf === undefined ? {} : { kdf: parts.kdf }),
  });
  let chain: Promise<WalletChain> | undefined;
  return {
    vault,
    keyring,
    chain() {
      chain ??= openConfiguredChain(vault);
      // A chain that failed to open is not remembered: the next use tries again (the node may be up by then).
      chain.catch(() => (chain = undefined));
      return chain;
    },
    canReach: parts.canReach,
    pendingCount: parts.pendingCount,
    newId: parts.newId,
    async reload(reason) {
      chain = undefined;
      await parts.onReload?.(reason);
    },
    ...(parts.kdf === undefined ? {} : { kdf: parts.kdf }),
    ...(parts.openSidePanel === undefined ? {} : { openSidePanel: parts.openSidePanel }),
  };
}
