import { encodePacked, type Address, type Hex } from 'viem';

/** One call the delegator's account makes when a delegation is redeemed. */
export type Execution = { target: Address; value: bigint; callData: Hex };

/** ERC-7579 execution mode "single call, revert on failure" (call type 0x00, exec type 0x00, no selector or payload). */
export const SINGLE_DEFAULT_MODE: Hex = `0x${'00'.repeat(32)}`;

/** ERC-7579 single-execution calldata: target (20 bytes) ‖ value (32 bytes) ‖ callData, packed. */
export function encodeSingleExecution({ target, value, callData }: Execution): Hex {
  return encodePacked(['address', 'uint256', 'bytes'], [target, value, callData]);
}
