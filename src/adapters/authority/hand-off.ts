import { getAddress, type LocalAccount } from 'viem';
import type { AuthorityPort, HandOffVerdict } from '../../harness';
import { HomeError } from '../../protocol/errors';
import type { Vault } from '../../vault/vault';
import { deriveChildMandate, mandateOfRow, type WalletChain } from '../../wallet';

/**
 * The AuthorityPort's hand-off on the wallet: the step's mandate (already verified and its call counted by the
 * harness) is read from the vault and the harness agent's key signs a child for the specialist — authority = the
 * parent's hash, narrowed by the wallet's deriveChildMandate, which refuses anything wider (CHILD_WIDER). The child
 * is signed data handed to the specialist, not kept as a mandate of the person's: only the person's own count there.
 */
export function handOffOn(options: {
  vault: Vault;
  chain: WalletChain;
  harnessKey: () => Promise<LocalAccount | null>;
}): AuthorityPort['handOff'] {
  return async (q): Promise<HandOffVerdict> => {
    const row = await options.vault.mandates.get(q.mandateHash);
    const parent = row === undefined ? null : mandateOfRow(row);
    if (parent === null)
      return { ok: false, code: 'MANDATE_NOT_FOUND', reason: 'The mandate to hand on is not in your vault.' };
    const key = await options.harnessKey();
    if (key === null)
      return {
        ok: false,
        code: 'LOCKED',
        reason: 'Your vault is locked, so your agent cannot hand this step on; unlock it and ask again.',
      };
    try {
      const child = await deriveChildMandate(options.chain, {
        parent,
        delegator: key,
        delegate: getAddress(q.delegate),
        narrowing: {
          ...(q.narrowing.maxAmount !== undefined ? { maxAmount: BigInt(q.narrowing.maxAmount) } : {}),
          ...(q.narrowing.recipient !== undefined ? { recipient: q.narrowing.recipient } : {}),
          ...(q.narrowing.calls !== undefined ? { calls: q.narrowing.calls } : {}),
        },
      });
      return {
        ok: true,
        childHash: child.hash,
        parentHash: child.parentHash,
        delegate: getAddress(q.delegate),
        credential: child.chain,
      };
    } catch (error) {
      if (error instanceof HomeError) return { ok: false, code: error.code, reason: error.message };
      throw error;
    }
  };
}
