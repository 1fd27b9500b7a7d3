import type { Address, Hex } from 'viem';
import { Mandate, type IntentBinding, type Refusal } from '../../protocol/delegation';
import { digestOf } from '../../protocol/digest';
import { bindingProblem, type BindingProblemCode } from '../../protocol/intent-binding';
import type { WalletChain } from '../chain/wallet-chain';
import { readCallsUsed } from '../verify/read-calls-used';
import { refuse, type Verdict, guarded } from '../verify/verdict';
import { verifyScopedDelegation } from '../verify/verify-scoped-delegation';

export type VerifyMandateParameters = {
  mandate: unknown;
  /** Seconds since the epoch. */
  now: number;
  /** The harness agent: every mandate is given to it. */
  delegate: Address;
  /** The addressee or the capability's authority the mandate must come from. */
  delegator?: Address;
  /** The intent the harness is about to act on; every field must equal the signed binding. */
  binding?: IntentBinding;
  /** Uses the vault has counted so far (off-chain acts are counted there; chain acts also on chain). */
  usesSoFar: number;
};

/** A mandate signed for another intent: BINDING_MISMATCH, with the problem named (`binding`) for the harness. */
export type BindingRefusal = Refusal & { code: 'BINDING_MISMATCH'; binding: BindingProblemCode };

export type VerifyMandateReturnType =
  Verdict<{ mandate: Mandate; delegationHash: Hex; callsLeft: number }> | BindingRefusal;

/**
 * A mandate authorizes exactly one intent (seed 001 step 8): signature and revocation as every delegation, plus the
 * intent binding compared field by field with what the harness is about to do, plus calls left — from the vault's
 * count for off-chain acts, and the larger of that and the LimitedCallsEnforcer's count for chain acts.
 */
export async function verifyMandate(
  chain: WalletChain,
  parameters: VerifyMandateParameters,
): Promise<VerifyMandateReturnType> {
  return guarded<{ mandate: Mandate; delegationHash: Hex; callsLeft: number }>('mandate', () =>
    _verifyMandate(chain, parameters),
  );
}

async function _verifyMandate(
  chain: WalletChain,
  parameters: VerifyMandateParameters,
): Promise<VerifyMandateReturnType> {
  const checked = await verifyScopedDelegation(chain, parameters.mandate, Mandate, {
    now: parameters.now,
    delegate: parameters.delegate,
    delegator: parameters.delegator,
  });
  if (!checked.ok) return checked;
  const mandate = checked.value;
  const expected = parameters.binding;
  if (expected !== undefined) {
    // The one binding check (src/protocol/intent-binding.ts): every field of the signed intent equals the step's.
    const signed = { binding: mandate.scope.binding, bindingDigest: digestOf(mandate.scope.binding) };
    const problem = bindingProblem(signed, { binding: expected, bindingDigest: digestOf(expected) });
    if (problem !== null)
      return { ...refuse('BINDING_MISMATCH', problem.reason), code: 'BINDING_MISMATCH', binding: problem.code };
  }
  let used = parameters.usesSoFar;
  if (mandate.scope.act.kind === 'chain') {
    const onChain = await readCallsUsed(chain, checked.delegationHash);
    if (!onChain.ok) return onChain;
    used = Math.max(used, onChain.used);
  }
  const callsLeft = mandate.scope.calls - used;
  if (callsLeft <= 0)
    return refuse(
      'CALLS_EXHAUSTED',
      `This mandate allowed ${mandate.scope.calls} use${mandate.scope.calls === 1 ? '' : 's'} and has none left.`,
    );
  return { ok: true, mandate, delegationHash: checked.delegationHash, callsLeft };
}
