import type { Hex } from 'viem';
import type { z } from 'zod';
import type { AskAsMeWire, CabinetGrant } from '../../src/protocol/delegation';
import { digestOf } from '../../src/protocol/digest';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import { checkWindow } from '../../src/wallet/verify/check-window';
import { readRevoked } from '../../src/wallet/verify/read-revoked';
import type { Verdict } from '../../src/wallet/verify/verdict';
import { verifyScopedDelegation, type ScopedExpectations } from '../../src/wallet/verify/verify-scoped-delegation';

type Scoped = CabinetGrant | AskAsMeWire;
type Verified<T> = Verdict<{ value: T; delegationHash: Hex }>;

const NAMES: Record<string, string> = {
  'home-agent/cabinet-grant': 'cabinet grant',
  'home-agent/ask-as-me-wire': 'ask-as-me wire',
};

/**
 * `verifyScopedDelegation` with its expensive part remembered: a delegation whose full verification (shape, parties,
 * salt, caveats, ERC-1271/6492 signature) succeeded is remembered for `ttlMs` by the digest of exactly what was
 * presented and expected. Revocation (`disabledDelegations`) and the time window are checked again on EVERY call, so
 * a revoked or expired grant is refused at once; only the signature check — a pure function of the bytes for a
 * counterfactual account — is reused, for at most a minute. The memo holds at most `max` entries.
 */
export function rememberedVerifier(chain: WalletChain, options: { ttlMs?: number; max?: number } = {}) {
  const ttl = options.ttlMs ?? 60_000;
  const max = options.max ?? 1000;
  const memo = new Map<string, { at: number; value: Scoped; delegationHash: Hex }>();
  return async function verify<T extends Scoped>(
    input: unknown,
    schema: z.ZodType<T>,
    expect: ScopedExpectations,
  ): Promise<Verified<T>> {
    let key: string;
    try {
      key = digestOf({ input, delegator: expect.delegator ?? null, delegate: expect.delegate ?? null });
    } catch {
      return verifyScopedDelegation(chain, input, schema, expect);
    }
    const hit = memo.get(key);
    const nowMs = expect.now * 1000;
    if (hit !== undefined && nowMs - hit.at < ttl) {
      const what = NAMES[hit.value.scope.type] ?? 'delegation';
      const window = checkWindow(hit.value.scope.window, expect.now, what);
      if (!window.ok) return window;
      const revoked = await readRevoked(chain, hit.delegationHash);
      if (!revoked.ok) return revoked;
      if (revoked.revoked)
        return {
          ok: false,
          code: 'REVOKED',
          message: `This ${what} was revoked by ${hit.value.delegation.delegator}.`,
        };
      return { ok: true, value: hit.value as T, delegationHash: hit.delegationHash };
    }
    const verdict = await verifyScopedDelegation(chain, input, schema, expect);
    if (verdict.ok) {
      if (memo.size >= max) memo.delete(memo.keys().next().value!);
      memo.set(key, { at: nowMs, value: verdict.value, delegationHash: verdict.delegationHash });
    }
    return verdict;
  };
}
