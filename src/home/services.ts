import type { KdfChoice } from '../vault/keys/kdf';
import type { Keyring } from '../vault/keys/keyring';
import type { Vault } from '../vault/vault';
import type { WalletChain } from '../wallet';

/**
 * What the Home's handlers need, built ONCE per worker by the composition root and shared with the agent: the same
 * vault, the same keyring (its lock hooks clear the agent's pending requests: consent does not survive lock) and the
 * same chain (two embedded chains over one snapshot would forget each other's revocations).
 */
export type HomeServices = {
  vault: Vault;
  keyring: Keyring;
  /** The wallet's chain (embedded, or the RPC URL the person set), opened on first use. */
  chain(): Promise<WalletChain>;
  /** Whether the browser lets Home Agent reach this origin (the optional host permission the options page asked for). */
  canReach(origin: string): Promise<boolean>;
  /** How many requests wait for the person (the agent's pending queue). */
  pendingCount(): Promise<number>;
  /** A fresh random id (uploads). */
  newId(): string;
  /**
   * Tells the composition root that what it built on the vault is stale: `import` replaced every table (the chain's
   * snapshot too), `settings` changed the model, chain or gateway. It reopens what it must before the next ask.
   */
  reload(reason: 'import' | 'settings'): Promise<void>;
  /** Opens the side panel in a tab (chrome.sidePanel.open); false where the browser refuses (no gesture, no panel). */
  openSidePanel?(tabId: number): Promise<boolean>;
  /** The KDF for new seals (tests pass a cheap one; the default is the keyring's). */
  kdf?: KdfChoice;
};

/** The handlers' one dependency: the shared services, once the vault is open. */
export type HomeDeps = { home: () => Promise<HomeServices> };
