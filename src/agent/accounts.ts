import { getAddress, isAddressEqual, type Address, type Hex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { HomeError } from '../protocol/errors';
import type { Keyring } from '../vault/keys/keyring';
import type { Vault } from '../vault/vault';
import { smartAgentOf, type SmartAgent } from '../wallet';

/**
 * The accounts this Home holds (DESIGN §2): the person's owner key and the harness agent's key, unlocked per
 * session (the keyring in the worker and the command line; fixed keys in tests), and the Smart Agents the owner key
 * holds, recomputed from the vault's (owner, salt) so a row that lies about its address is refused.
 */
export type KeySource = (purpose: 'owner' | 'harness') => Promise<Hex | undefined>;

/** Keys from the keyring's unlocked session (undefined while locked). */
export const keyringKeys =
  (keyring: Pick<Keyring, 'privateKeyOf'>): KeySource =>
  (purpose) =>
    keyring.privateKeyOf(purpose);

/** Fixed keys (tests, benchmarks). */
export const fixedKeys =
  (keys: { owner?: Hex; harness?: Hex }): KeySource =>
  async (purpose) =>
    keys[purpose];

export async function accountOf(keys: KeySource, purpose: 'owner' | 'harness'): Promise<LocalAccount | null> {
  const key = await keys(purpose);
  return key === undefined ? null : privateKeyToAccount(key);
}

/** The harness agent: the vault's agent of kind `harness`, the delegate of every mandate. */
export async function harnessAgentOf(vault: Vault): Promise<Address> {
  const row = (await vault.agents.list('harness')).rows[0];
  if (row === undefined)
    throw new HomeError(
      'NO_HARNESS_AGENT',
      'This vault has no harness agent yet; load the demo or create your keys first.',
    );
  return getAddress(row.address);
}

/** A Smart Agent this vault holds (the person's own, or an organization's they steward), from its owner and salt. */
export async function heldAgent(vault: Vault, address: Address): Promise<SmartAgent> {
  const row = await vault.agents.get(address);
  if (row === undefined || row.kind === 'harness' || row.salt === undefined) {
    throw new HomeError(
      'NOT_YOURS_TO_SIGN',
      `${address} is not an account this Home holds, so you cannot sign for it.`,
    );
  }
  const agent = await smartAgentOf(getAddress(row.ownerAddress), row.salt);
  if (!isAddressEqual(agent.address, address))
    throw new HomeError('VAULT_ROW_CORRUPT', `The vault’s record of ${address} does not match its owner and salt.`);
  return agent;
}

/** The owner key, or a refusal in words when the vault is locked. */
export async function requireAccount(keys: KeySource, purpose: 'owner' | 'harness'): Promise<LocalAccount> {
  const account = await accountOf(keys, purpose);
  if (account === null) throw new HomeError('LOCKED', 'Your vault is locked; unlock it with your passphrase first.');
  return account;
}
