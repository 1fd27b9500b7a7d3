import { getAddress } from 'viem';
import { AskAsMeWire, CabinetGrant } from '../../src/protocol/delegation';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import { rememberedVerifier } from './remembered-verification';
import type { Clock, GrantVerifier, PracticeGrantVerdict } from '../ports';

/** What a practice grant verifier needs; supplied by the wallet once practice grants exist there. */
export type PracticeGrantCheck = (
  grant: unknown,
  expect: { practice: `0x${string}`; member: `0x${string}`; capability: string; now: number },
) => Promise<PracticeGrantVerdict>;

/**
 * The gateway's GrantVerifier on its chain, through the wallet's `verifyScopedDelegation` (shape, chain, parties,
 * salt = digestOf(scope), caveats rebuilt from the scope, window, ERC-1271/6492 signature, then `disabledDelegations`).
 * A cabinet grant must come from the person and name HeartCoach's origin; a wire must be for HeartCoach's agent. A
 * signature that verified is remembered for a minute; revocation and the window are read on every call.
 */
export function chainGrantVerifier(options: {
  chain: WalletChain;
  clock: Clock;
  /** HeartCoach's origin, which a cabinet grant names inside what was signed. */
  origins: readonly string[];
  practiceGrant: PracticeGrantCheck;
}): GrantVerifier {
  const now = () => Math.floor(options.clock.now().getTime() / 1000);
  const verifyScopedDelegation = rememberedVerifier(options.chain);
  return {
    async verifyCabinetGrant(grant, expect) {
      const verdict = await verifyScopedDelegation(grant, CabinetGrant, {
        now: now(),
        delegator: getAddress(expect.person),
        delegate: getAddress(expect.delegate),
      });
      if (!verdict.ok) return { ok: false, reason: verdict.message };
      const { scope } = verdict.value;
      if (!options.origins.includes(scope.origin))
        return { ok: false, reason: `the grant is for ${scope.origin}, not for HeartCoach.` };
      return { ok: true, folders: [...scope.folders], grantHash: verdict.delegationHash };
    },
    async verifyWire(wire, expect) {
      const verdict = await verifyScopedDelegation(wire, AskAsMeWire, {
        now: now(),
        delegate: getAddress(expect.delegate),
      });
      if (!verdict.ok) return { ok: false, reason: verdict.message };
      const { delegation, scope } = verdict.value;
      return {
        ok: true,
        person: getAddress(delegation.delegator),
        delegate: getAddress(delegation.delegate),
        origin: scope.origin,
        expiresAt: new Date(scope.window.validBefore * 1000).toISOString(),
        wireHash: verdict.delegationHash,
      };
    },
    verifyPracticeGrant: (grant, expect) => options.practiceGrant(grant, { ...expect, now: now() }),
  };
}
