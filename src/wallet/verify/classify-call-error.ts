import { BaseError, ContractFunctionRevertedError, ExecutionRevertedError, RawContractError } from 'viem';

/**
 * Tells a contract that *answered* with a revert (the signature or the call is bad) from a chain that did not answer
 * (transport, node or EVM failure). Both are refusals; only the words differ. Anything unrecognised counts as
 * "did not answer", so a broken chain is never mistaken for a verdict either way.
 */
export function isRevert(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const found = error.walk((e) => {
    if (
      e instanceof ExecutionRevertedError ||
      e instanceof RawContractError ||
      e instanceof ContractFunctionRevertedError
    )
      return true;
    return typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 3;
  });
  return found !== null;
}
