import type { RunTxResult } from '@ethereumjs/vm';
import { revertFailure, RpcFailure, RPC_CODES } from './rpc-error';

/**
 * The smallest gas limit under which the call succeeds, found as nodes find it: run once with the cap, then search
 * upwards from what was used (refunds and the 63/64 rule make "used" too little for nested calls), then bisect.
 * A call that fails under the cap is reported as a revert with its data, so viem decodes the reason.
 */
export async function estimateGas(run: (gas: bigint) => Promise<RunTxResult>, cap: bigint): Promise<bigint> {
  const first = await run(cap);
  const error = first.execResult.exceptionError;
  if (error !== undefined) {
    if (error.error === 'revert') throw revertFailure(first.execResult.returnValue);
    throw new RpcFailure(RPC_CODES.invalidInput, `gas required exceeds allowance (${error.error})`);
  }
  const succeeds = async (gas: bigint) => (await run(gas)).execResult.exceptionError === undefined;
  let low = first.totalGasSpent;
  if (await succeeds(low)) return low;
  let high = low;
  do {
    low = high;
    high = high + high / 4n;
    if (high >= cap) {
      high = cap;
      break;
    }
  } while (!(await succeeds(high)));
  // Bisect to within 1/64 of the answer: a few more runs, never a limit that fails.
  while (high - low > high / 64n) {
    const middle = (low + high) / 2n;
    if (await succeeds(middle)) high = middle;
    else low = middle;
  }
  return high;
}
