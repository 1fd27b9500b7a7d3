import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { HomeError } from '../protocol/errors';
import type { z } from 'zod';
import type { GrantsView, MandatesView } from '../protocol/messages/home-replies';
import { wireStanding } from '../vault/repositories/wires';
import type { Vault } from '../vault/vault';
import { revokeDelegation, smartAgentOf } from '../wallet';
import type { HomeServices } from './services';
import { fundHarnessIfLocal } from './local-chain';

/** The delegation inside a stored row: a mandate is stored with its scope (`{ delegation, scope }`), a wire bare. */
export function storedDelegation(stored: unknown): unknown {
  if (typeof stored === 'object' && stored !== null && 'delegation' in stored && 'scope' in stored)
    return (stored as { delegation: unknown }).delegation;
  return stored;
}

/**
 * Revokes on chain (DESIGN §3): the delegator's Smart Agent disables the delegation through a user operation its
 * owner signs, submitted by the harness agent; the wallet reads `disabledDelegations` back and anything but
 * "revoked" is an error. Only then does the vault mark its copy revoked — the verifier reads the chain, not the row.
 */
export async function revokeGiven(services: HomeServices, kind: 'mandate' | 'wire', hash: Hex) {
  const { vault, keyring } = services;
  const row = kind === 'mandate' ? await vault.mandates.get(hash) : await vault.wires.get(hash);
  if (row === undefined)
    throw new HomeError(
      'NOT_FOUND',
      `This Home holds no ${kind === 'mandate' ? 'mandate' : 'grant'} ${hash.slice(0, 10)}….`,
    );
  const ownerKey = await keyring.privateKeyOf('owner');
  const harnessKey = await keyring.privateKeyOf('harness');
  if (ownerKey === undefined || harnessKey === undefined)
    throw new HomeError('LOCKED', 'Unlock your Home first: a revocation is signed with your key.');
  const delegator = await vault.agents.get(row.delegator);
  const owner = privateKeyToAccount(ownerKey);
  if (
    delegator === undefined ||
    delegator.salt === undefined ||
    delegator.ownerAddress !== owner.address.toLowerCase()
  ) {
    throw new HomeError(
      'WRONG_ACCOUNT',
      `This was given by ${row.delegator}, which your key does not own; only its owner can revoke it.`,
    );
  }
  const chain = await services.chain();
  await fundHarnessIfLocal(chain, harnessKey);
  const agent = await smartAgentOf(owner.address, delegator.salt);
  const result = await revokeDelegation(chain, {
    owner,
    agent,
    delegation: storedDelegation(row.delegation),
    submitter: privateKeyToAccount(harnessKey),
  });
  if (kind === 'mandate') await vault.mandates.revoke(hash);
  else await vault.wires.revoke(hash);
  return { hash, transactionHash: result.transactionHash ?? null, alreadyRevoked: result.alreadyRevoked };
}

/** The grants this Home gave and holds (ask-as-me wires, cabinet grants), each with its standing now. */
export async function grantsView(vault: Vault): Promise<z.input<typeof GrantsView>> {
  const read = await vault.wires.list();
  const now = vault.clock.now();
  const grants = read.rows.map((wire) => ({
    hash: wire.hash,
    kind: wire.kind,
    direction: wire.direction,
    delegator: wire.delegator,
    delegate: wire.delegate,
    origin: wire.origin,
    folders: wire.kind === 'cabinet-grant' ? [...wire.folders] : [],
    expiresAt: wire.expiresAt,
    standing: wireStanding(wire, now),
  }));
  return { grants: grants.slice(0, 500), corrupt: read.corrupt.map((c) => c.message).slice(0, 50) };
}

/** The mandates the person signed, newest first. */
export async function mandatesView(vault: Vault): Promise<z.input<typeof MandatesView>> {
  const read = await vault.mandates.list();
  const mandates = read.rows
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, 500)
    .map((m) => ({
      hash: m.hash,
      delegator: m.delegator,
      delegate: m.delegate,
      capability: m.capability,
      runRef: m.runRef ?? null,
      status: m.status,
      uses: m.uses,
      maxUses: m.maxUses,
      validUntil: m.validUntil ?? null,
      createdAt: m.createdAt,
    }));
  return { mandates, corrupt: read.corrupt.map((c) => c.message).slice(0, 50) };
}
