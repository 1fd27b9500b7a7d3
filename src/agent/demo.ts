import { parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  DEMO_ORGANIZATIONS,
  DEMO_PEOPLE,
  DEMO_SERVICES,
  type DemoOrganizationId,
  type DemoPersonId,
} from '../protocol/demo-identities';
import type { KdfChoice } from '../vault/keys/kdf';
import { loadDemoVault, type DemoVaultSummary } from '../vault/demo/load';
import type { DemoIdentityId } from '../vault/demo/people';
import type { Vault } from '../vault/vault';
import {
  deploySmartAgent,
  fundOnLocalChain,
  mintTestUsdc,
  smartAgentOf,
  usdcBalanceOf,
  type SmartAgent,
  type WalletChain,
} from '../wallet';

/**
 * Alice's demo Home (DESIGN §10), loaded only when asked: the vault's demo records and sealed keys (src/vault/demo), and on the
 * chain the harness agent funded for gas, Alice's and her organizations' Smart Agents deployed (so her mandates verify
 * by ERC-1271; the co-signers stay counterfactual and verify by ERC-6492), 1,000 test USDC for Alice (her marked
 * default payer) and 5,000 for Missio Nexus's treasury. Every key here is a public demo key.
 */
export async function demoAgentOf(id: DemoIdentityId): Promise<SmartAgent> {
  if (id in DEMO_PEOPLE) {
    const person = DEMO_PEOPLE[id as DemoPersonId];
    return smartAgentOf(person.ownerAddress, person.salt);
  }
  const org = DEMO_ORGANIZATIONS[id as DemoOrganizationId];
  return smartAgentOf(DEMO_PEOPLE[org.stewardId].ownerAddress, org.salt);
}

export const demoAddressOf = async (id: DemoIdentityId): Promise<Address> => (await demoAgentOf(id)).address;

const HELD: DemoIdentityId[] = ['alice', 'missio-nexus', 'thompson-community', 'thompson-family'];

/** The chain half: idempotent (an account already deployed is left; balances are topped up only when empty). */
export async function prepareDemoChain(chain: WalletChain): Promise<void> {
  const harness = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
  await fundOnLocalChain(chain, harness.address, parseEther('100'));
  for (const id of HELD) await deploySmartAgent(chain, await demoAgentOf(id), harness);
  for (const [id, amount] of [
    ['alice', 1_000_000_000n],
    ['missio-nexus', 5_000_000_000n],
  ] as const) {
    const to = await demoAddressOf(id);
    if ((await usdcBalanceOf(chain, to)) === 0n) await mintTestUsdc(chain, { to, amount, sender: harness });
  }
}

/** The whole demo: records and keys in the vault, accounts and balances on the chain. */
export async function initDemo(
  vault: Vault,
  chain: WalletChain,
  options: { passphrase: string; kdf?: KdfChoice },
): Promise<DemoVaultSummary> {
  const summary = await loadDemoVault(vault, {
    addressOf: demoAddressOf,
    keys: { passphrase: options.passphrase, ...(options.kdf !== undefined ? { kdf: options.kdf } : {}) },
  });
  await prepareDemoChain(chain);
  return summary;
}
