import { getAddress, type Address, type Hex } from 'viem';
import { AskAsMeWire, Mandate, type Delegation, type WireRead } from '../protocol/delegation';
import { HomeError } from '../protocol/errors';
import { delegationHashOf, revokeDelegation, signScopedDelegation, wireScope } from '../wallet';
import { harnessAgentOf, heldAgent, requireAccount } from './accounts';
import type { HomeAgentCore } from './home-agent';

/**
 * What the person grants and takes back outside a run: an ask-as-me wire for an app's origin (DESIGN §3), and
 * revocation of a mandate or wire — `disableDelegation` on the DelegationManager through a user operation the owner
 * key signs, submitted by the harness agent — after which every later use fails in words. The vault's row is
 * marked too, but the chain is what the verifier reads.
 */
export type Revoked = {
  kind: 'mandate' | 'wire';
  hash: Hex;
  transactionHash: Hex | undefined;
  alreadyRevoked: boolean;
};

export async function revokeHeld(core: HomeAgentCore, hash: Hex): Promise<Revoked> {
  const { vault } = core.parts;
  const mandate = await vault.mandates.get(hash);
  const wire = mandate === undefined ? await vault.wires.get(hash) : undefined;
  let delegation: Delegation;
  if (mandate !== undefined) {
    const parsed = Mandate.safeParse(mandate.delegation);
    if (!parsed.success)
      throw new HomeError(
        'VAULT_ROW_CORRUPT',
        'That mandate’s stored delegation cannot be read, so it cannot be revoked from here.',
      );
    delegation = parsed.data.delegation;
  } else if (wire !== undefined && wire.kind === 'ask-as-me') {
    const parsed = AskAsMeWire.safeParse(wire.delegation);
    if (!parsed.success)
      throw new HomeError(
        'VAULT_ROW_CORRUPT',
        'That grant’s stored delegation cannot be read, so it cannot be revoked from here.',
      );
    delegation = parsed.data.delegation;
  } else {
    throw new HomeError('NOTHING_TO_REVOKE', 'No mandate or grant with that hash is in your vault.');
  }
  if (delegationHashOf(delegation).toLowerCase() !== hash.toLowerCase())
    throw new HomeError('VAULT_ROW_CORRUPT', 'The stored delegation does not match that hash.');
  const result = await revokeOnChain(core, delegation);
  if (mandate !== undefined) await vault.mandates.revoke(hash);
  else await vault.wires.revoke(hash);
  return {
    kind: mandate !== undefined ? 'mandate' : 'wire',
    hash: result.delegationHash,
    transactionHash: result.transactionHash,
    alreadyRevoked: result.alreadyRevoked,
  };
}

/** Only `disableDelegation` on chain, leaving the vault's row as it was (as a revocation from another device looks). */
export async function revokeOnChain(core: HomeAgentCore, delegation: Delegation) {
  const { vault, chain, keys } = core.parts;
  const owner = await requireAccount(keys, 'owner');
  const submitter = await requireAccount(keys, 'harness');
  const agent = await heldAgent(vault, getAddress(delegation.delegator));
  return revokeDelegation(chain, { owner, agent, delegation, submitter });
}

/**
 * The folders an app at `origin` may read by default when it asks as the person: those of the person's live cabinet
 * grants to it. Memory, contacts, receipts, organizations and the balance only when the person ticks them.
 */
export async function defaultWireRead(core: HomeAgentCore, origin: string): Promise<WireRead> {
  const person = (await core.owner()).toLowerCase();
  const live = (await core.parts.vault.wires.active({ kind: 'cabinet-grant', direction: 'given', origin })).rows;
  const folders = live.flatMap((w) =>
    w.kind === 'cabinet-grant' && w.delegator.toLowerCase() === person ? w.folders : [],
  );
  return { folders: [...new Set(folders)].sort(), kinds: [] };
}

/**
 * The person lets an app at `origin` ask on their behalf (ask-as-me) for `days`, from their own Smart Agent, and
 * have answered what `read` names (signed inside the wire; by default the folders of the app's cabinet grant).
 */
export async function grantAskAsMe(
  core: HomeAgentCore,
  input: { delegate: Address; origin: string; days: number; read?: WireRead },
): Promise<{ hash: Hex; wire: AskAsMeWire }> {
  const { vault, chain, keys } = core.parts;
  const person = await core.owner();
  const owner = await requireAccount(keys, 'owner');
  const agent = await heldAgent(vault, person);
  if ((await harnessAgentOf(vault)).toLowerCase() === input.delegate.toLowerCase())
    throw new HomeError('WRONG_DELEGATE', 'An ask-as-me grant is for an app, not for your own harness.');
  const now = Math.floor(core.clock.now() / 1000);
  const window = { validAfter: now - 60, validBefore: now + Math.max(1, Math.min(input.days, 365)) * 24 * 3600 };
  const wire = await signScopedDelegation(chain, {
    owner,
    agent,
    delegate: input.delegate,
    scope: wireScope({
      chainId: chain.chainId,
      origin: input.origin,
      window,
      read: input.read ?? (await defaultWireRead(core, input.origin)),
    }),
  });
  const hash = delegationHashOf(wire.delegation);
  await vault.wires.record({
    kind: 'ask-as-me',
    capability: 'harness.ask',
    hash,
    direction: 'given',
    delegator: person,
    delegate: input.delegate,
    origin: input.origin,
    notBefore: window.validAfter * 1000,
    expiresAt: window.validBefore * 1000,
    delegation: wire as never,
  });
  return { hash, wire };
}
