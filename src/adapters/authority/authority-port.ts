import { getAddress, type Address, type Hex, type LocalAccount } from 'viem';
import type { AuthorityPort, MandateSummary, MandateVerdict, WireVerdict } from '../../harness';
import { AskAsMeWire } from '../../protocol/delegation';
import { digestOf } from '../../protocol/digest';
import { HomeError } from '../../protocol/errors';
import type { Vault } from '../../vault/vault';
import {
  caveatsOf,
  delegationHashOf,
  issuedAtOf,
  mandateOfRow,
  verifyForwardedCredential,
  verifyMandate,
  verifyWire,
  type WalletChain,
} from '../../wallet';
import { handOffOn } from './hand-off';
import { summaryOf } from './summary';
import { verifyDigestSignature } from './signature';

/**
 * The harness's AuthorityPort on the wallet and the vault (DESIGN §3): mandates live in the vault's mandates table
 * (the signed delegation and its scope), verification is the wallet's — the signature by ERC-1271 (ERC-6492 while
 * counterfactual), `disabledDelegations` on the DelegationManager, the window, and the intent binding carried in
 * the signed salt, compared with the binding of the step about to run — and calls are counted by the vault's atomic,
 * per-effect-idempotent use count. Fail closed: anything unreadable is a refusal in words.
 */
export type AuthorityPortOptions = {
  vault: Vault;
  chain: WalletChain;
  /** The harness agent's address (the vault's agent of kind `harness`). */
  harnessAgent: () => Promise<Address>;
  /** The harness agent's key, which signs a hand-off's child mandate; null while the vault is locked. */
  harnessKey?: () => Promise<LocalAccount | null>;
};

const PORT_CODES: Record<string, string> = {
  REVOKED: 'MANDATE_REVOKED',
  SIGNATURE_INVALID: 'MANDATE_BAD_SIGNATURE',
  WRONG_ACCOUNT: 'MANDATE_WRONG_DELEGATOR',
  WRONG_DELEGATE: 'MANDATE_WRONG_DELEGATE',
  EXPIRED: 'MANDATE_EXPIRED',
  NOT_YET_VALID: 'MANDATE_NOT_YET_VALID',
  CALLS_EXHAUSTED: 'MANDATE_EXHAUSTED',
  CHAIN_UNAVAILABLE: 'CHAIN_UNAVAILABLE',
  MANDATE_UNKNOWN: 'MANDATE_NOT_FOUND',
};
const portCode = (code: string, prefix: 'MANDATE' | 'WIRE') =>
  PORT_CODES[code] !== undefined && prefix === 'MANDATE'
    ? PORT_CODES[code]
    : code.startsWith(`${prefix}_`)
      ? code
      : `${prefix}_${code}`;
const refused = (code: string, reason: string) => ({ ok: false as const, code, reason });
const newestFirst = (rows: MandateSummary[]) => rows.sort((a, b) => b.issuedAt - a.issuedAt);

export function createAuthorityPort(options: AuthorityPortOptions): AuthorityPort {
  const { vault, chain } = options;
  const summaries = async (delegator: Address) => {
    const rows = (await vault.mandates.list({ delegator })).rows.filter((r) => r.status !== 'revoked');
    return rows.flatMap((r) => {
      const s = summaryOf(r);
      return s === null ? [] : [{ summary: s, delegate: r.delegate }];
    });
  };

  return {
    harnessAgent: options.harnessAgent,
    async mandatesFor(q) {
      const held = await summaries(q.delegator);
      return newestFirst(
        held
          .filter((h) => h.delegate === q.delegate.toLowerCase() && h.summary.capability === q.capability)
          .map((h) => h.summary),
      );
    },
    held: async (delegator) => newestFirst((await summaries(delegator)).map((h) => h.summary)),

    async verifyMandate(q): Promise<MandateVerdict> {
      // A damaged row is a refusal in words that settles the run, never "the world broke" (a resume would meet it again).
      const row = await vault.mandates.get(q.hash).catch((error: unknown) => {
        if (error instanceof HomeError && error.code === 'VAULT_ROW_CORRUPT') return error;
        throw error;
      });
      if (row instanceof HomeError) return refused('MANDATE_CORRUPT', `${row.message} It authorizes nothing.`);
      if (row === undefined)
        return refused('MANDATE_NOT_FOUND', 'No mandate with that hash is in your vault, so it authorizes nothing.');
      const mandate = mandateOfRow(row);
      if (mandate === null)
        return refused('MANDATE_TAMPERED', 'The stored mandate does not match its own record; it was refused.');
      const delegate = await options.harnessAgent();
      // Calls are the harness's to judge (a resumed step holds its own call), so the wallet is asked with none used:
      // then CALLS_EXHAUSTED can only mean the chain's own count is spent, after every other check has passed.
      // The binding the step is about to act on is compared here, once, by the wallet (src/wallet/mandates/verify.ts).
      const binding = q.binding === undefined ? {} : { binding: q.binding };
      const verdict = await verifyMandate(chain, { mandate, now: q.now, delegate, usesSoFar: 0, ...binding });
      let onChainUsed = 0;
      if (verdict.ok) onChainUsed = mandate.scope.calls - verdict.callsLeft;
      else if (verdict.code === 'CALLS_EXHAUSTED' && mandate.scope.act.kind === 'chain')
        onChainUsed = mandate.scope.calls;
      else if ('binding' in verdict) return refused(verdict.binding, verdict.message);
      else return refused(portCode(verdict.code, 'MANDATE'), verdict.message);
      // The chain is what counts (disabledDelegations, above); a revocation this vault recorded counts as well.
      if (row.status === 'revoked')
        return refused('MANDATE_REVOKED', 'You revoked that mandate; it can no longer be used.');
      const { delegation, scope } = mandate;
      return {
        ok: true,
        hash: row.hash as Hex,
        delegator: getAddress(delegation.delegator),
        delegate: getAddress(delegation.delegate),
        capability: scope.binding.capabilityId,
        binding: scope.binding,
        bindingDigest: digestOf(scope.binding),
        caveats: caveatsOf(scope, chain.usdc),
        issuedAt: issuedAtOf(scope),
        callsUsed: Math.max(row.uses, onChainUsed),
      };
    },

    async consumeCall(q) {
      const used = await vault.mandates.use(q.hash, { effectKey: q.effectKey });
      if (used.ok) return { ok: true, callsLeft: used.remaining };
      return refused(portCode(used.code, 'MANDATE'), used.message);
    },

    verifySignature: (q) => verifyDigestSignature(chain, q),

    handOff: handOffOn({ vault, chain, harnessKey: options.harnessKey ?? (async () => null) }),
    async verifyForwarded(q) {
      const verdict = await verifyForwardedCredential(chain, {
        credential: q.credential,
        signature: q.signature,
        now: q.now,
        expect: q.expect,
        spendNonce: q.spend,
      });
      return verdict.ok ? { ok: true, nonce: verdict.credential.nonce } : refused(verdict.code, verdict.message);
    },

    async verifyWire(q): Promise<WireVerdict> {
      const row = await vault.wires.get(q.hash);
      if (row === undefined || row.kind !== 'ask-as-me')
        return refused('WIRE_NOT_FOUND', 'No grant to ask on your behalf matches.');
      const parsed = AskAsMeWire.safeParse(row.delegation);
      if (!parsed.success || delegationHashOf(parsed.data.delegation).toLowerCase() !== row.hash)
        return refused('WIRE_TAMPERED', 'The stored grant does not match its own record; it was refused.');
      const verdict = await verifyWire(chain, { wire: parsed.data, now: q.now });
      if (!verdict.ok) return refused(portCode(verdict.code, 'WIRE'), verdict.message);
      if (row.status === 'revoked')
        return refused('WIRE_REVOKED', 'You revoked that app’s grant to ask on your behalf.');
      const { delegation, scope } = verdict.wire;
      return {
        ok: true,
        hash: row.hash as Hex,
        delegator: getAddress(delegation.delegator),
        delegate: getAddress(delegation.delegate),
        capability: scope.capabilityId,
        origin: scope.origin,
        notBefore: scope.window.validAfter + 1,
        notAfter: scope.window.validBefore - 1,
        ...(scope.read !== undefined ? { read: scope.read } : {}),
      };
    },
  };
}
