import { getAddress, type Address, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { KeySource } from '../../agent/accounts';
import { heldAgent } from '../../agent/accounts';
import { CabinetGrant } from '../../protocol/delegation';
import { HomeError } from '../../protocol/errors';
import { fundHarnessIfLocal } from '../../home/local-chain';
import type { Vault } from '../../vault/vault';
import { revokeDelegation, type SmartAgent, type WalletChain } from '../../wallet';
import type { ConnectionStore } from './connections';

/**
 * What connecting an app needs: the Home's one vault, chain and unlocked keys (the same instances the agent
 * uses, so a revocation here is the agent's too), the connection store, fetch and a clock.
 */
export type AppParts = {
  vault: Vault;
  chain: () => Promise<WalletChain>;
  keys: KeySource;
  store: ConnectionStore;
  fetch: typeof fetch;
  now: () => number;
};

export type Person = { address: Address; name: string; agent: SmartAgent; owner: LocalAccount };

/** The person this Home belongs to, with their unlocked owner key; locked or empty is a refusal in words. */
export async function personOf(parts: AppParts): Promise<Person> {
  const person = (await parts.vault.agents.list('person')).rows[0];
  if (person === undefined)
    throw new HomeError(
      'NO_OWNER',
      'This Home holds no person yet: load the demo profile, or create or import your key, first.',
    );
  const key = await parts.keys('owner');
  if (key === undefined) throw new HomeError('LOCKED', 'Unlock your Home first: connecting signs with your key.');
  const agent = await heldAgent(parts.vault, getAddress(person.address));
  return { address: agent.address, name: person.label, agent, owner: privateKeyToAccount(key) };
}

/** The person's live cabinet grants to this origin (newest first). */
export async function liveGrants(parts: AppParts, person: Address, origin: string) {
  const rows = (await parts.vault.wires.active({ kind: 'cabinet-grant', direction: 'given', origin })).rows;
  return rows
    .filter(
      (w): w is Extract<typeof w, { kind: 'cabinet-grant' }> =>
        w.kind === 'cabinet-grant' && w.delegator.toLowerCase() === person.toLowerCase(),
    )
    .sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * Revokes a cabinet grant on chain — `disableDelegation` by the person's Smart Agent, submitted by the harness agent —
 * and only then marks the vault's copy revoked (the verifier reads the chain, not the row).
 */
export async function revokeGrant(
  parts: AppParts,
  person: Person,
  row: { hash: string; delegation: unknown },
): Promise<void> {
  const stored = CabinetGrant.safeParse(row.delegation);
  if (!stored.success)
    throw new HomeError(
      'VAULT_ROW_CORRUPT',
      'That grant’s stored delegation cannot be read, so it cannot be revoked from here.',
    );
  const harnessKey = await parts.keys('harness');
  if (harnessKey === undefined)
    throw new HomeError('LOCKED', 'Unlock your Home first: a revocation is signed with your key.');
  const chain = await parts.chain();
  await fundHarnessIfLocal(chain, harnessKey);
  await revokeDelegation(chain, {
    owner: person.owner,
    agent: person.agent,
    delegation: stored.data.delegation,
    submitter: privateKeyToAccount(harnessKey),
  });
  await parts.vault.wires.revoke(row.hash);
}
