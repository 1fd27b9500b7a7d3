import { DelegationManager } from '@metamask/delegation-abis';
import { testUsdcAbi } from '../deploy/usdc/usdc';
import { BaseError, ContractFunctionRevertedError, decodeErrorResult, type Hex } from 'viem';
import type { Refusal } from '../../protocol/delegation';
import { isRevert } from '../verify/classify-call-error';
import { CHAIN_UNAVAILABLE_MESSAGE, refuse } from '../verify/verdict';

/**
 * Why the DelegationManager refused a redemption, in the verifier's codes: the enforcers revert with
 * "<Enforcer>:<reason>" strings (e.g. "TimestampEnforcer:expired-delegation", "LimitedCallsEnforcer:limit-exceeded"),
 * the manager with custom errors (CannotUseADisabledDelegation, InvalidDelegate, InvalidAuthority,
 * InvalidERC1271Signature). `chained`: the redemption presented a child mandate's chain.
 */
export function redemptionRefusal(error: unknown, chained = false): Refusal {
  if (!isRevert(error)) return refuse('CHAIN_UNAVAILABLE', CHAIN_UNAVAILABLE_MESSAGE);
  const reason = revertReason(error);
  if (/CannotUseADisabledDelegation/.test(reason))
    return refuse('REVOKED', 'This mandate (or one it was handed on from) was revoked; the chain refused to use it.');
  if (/InvalidAuthority|InvalidDelegator/.test(reason))
    return refuse('CHAIN_GAP', 'The chain of mandates has a gap; the chain refused to use it.');
  if (/expired-delegation/.test(reason))
    return refuse('EXPIRED', 'This mandate has expired; the chain refused to use it.');
  if (/early-delegation/.test(reason))
    return refuse('NOT_YET_VALID', 'This mandate is not valid yet; the chain refused to use it.');
  if (/limit-exceeded/.test(reason))
    return refuse('CALLS_EXHAUSTED', 'This mandate was already used as many times as it allows.');
  // The redeemer was checked to be the leaf's delegate before simulating: in a chain, InvalidDelegate is a link whose
  // delegator is not the delegate of the link above it.
  if (/InvalidDelegate/.test(reason))
    return chained
      ? refuse('CHAIN_GAP', 'A link of the chain of mandates was signed by someone who does not hold the one above it.')
      : refuse('WRONG_DELEGATE', 'Only the mandate’s delegate may use it.');
  if (/Signature/.test(reason)) return refuse('SIGNATURE_INVALID', 'The chain found the mandate’s signature invalid.');
  // ERC-6093's ERC20InsufficientBalance (the compiled token); "… exceeds balance" from a token of an older chain.
  if (/ERC20InsufficientBalance|exceeds balance/.test(reason))
    return refuse('CAVEAT_MISMATCH', 'The paying account does not hold enough of the token.');
  return refuse('CAVEAT_MISMATCH', `The chain refused this act under the mandate’s limits (${reason.slice(0, 120)}).`);
}

function revertReason(error: unknown): string {
  if (!(error instanceof BaseError)) return 'unknown';
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError) {
    if (reverted.reason !== undefined) return reverted.reason;
    if (reverted.data?.errorName !== undefined) return reverted.data.errorName;
  }
  const withData = error.walk((e) => typeof (e as { data?: unknown }).data === 'string');
  const data = (withData as { data?: unknown } | null)?.data;
  if (typeof data === 'string' && data.startsWith('0x') && data.length >= 10) {
    try {
      // The manager's and the token's custom errors plus Solidity's Error(string) (viem adds it to every abi).
      const decoded = decodeErrorResult({ abi: [...DelegationManager, ...testUsdcAbi], data: data as Hex }) as {
        errorName: string;
        args?: readonly unknown[];
      };
      return decoded.errorName === 'Error' ? String(decoded.args?.[0]) : decoded.errorName;
    } catch {
      return data.slice(0, 10);
    }
  }
  return error.shortMessage;
}
