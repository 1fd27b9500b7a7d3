import { bytesToHex, decodeErrorResult, type Hex } from 'viem';

/**
 * A JSON-RPC error as a node sends it: `code`, `message` and, for a revert, the revert bytes in `data`. viem's
 * `custom()` transport reads these fields off whatever the provider throws, so revert reasons and custom errors decode
 * exactly as they do against anvil (the parity suite holds the two to that).
 */
export class RpcFailure extends Error {
  readonly code: number;
  readonly data: Hex | undefined;

  constructor(code: number, message: string, data?: Hex) {
    super(message);
    this.name = 'RpcFailure';
    this.code = code;
    this.data = data;
  }
}

/** Error codes used the way geth and anvil use them. */
export const RPC_CODES = {
  executionReverted: 3,
  invalidInput: -32000,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const;

/** `execution reverted` with anvil's message: the decoded `Error(string)` reason when there is one. */
export function revertFailure(returnValue: Uint8Array): RpcFailure {
  const data = bytesToHex(returnValue);
  return new RpcFailure(RPC_CODES.executionReverted, `execution reverted${reasonSuffix(data)}`, data);
}

function reasonSuffix(data: Hex): string {
  if (data === '0x') return '';
  try {
    const decoded = decodeErrorResult({ data });
    if (decoded.errorName === 'Error') return `: ${String(decoded.args[0])}`;
    if (decoded.errorName === 'Panic') return `: panic code ${String(decoded.args[0])}`;
  } catch {
    // A custom error: anvil names it by its selector; the data carries the rest.
  }
  return `: custom error ${data.slice(0, 10)}`;
}

/** Maps an @ethereumjs validation message to the words nodes use, which viem turns into typed errors. */
export function transactionRejected(message: string): RpcFailure {
  const nonce = /account has nonce of: (\d+) tx has nonce of: (\d+)/.exec(message);
  if (nonce) {
    const low = BigInt(nonce[2]!) < BigInt(nonce[1]!);
    return new RpcFailure(RPC_CODES.invalidInput, low ? 'nonce too low' : 'nonce too high');
  }
  if (/sender doesn't have enough funds|balance/i.test(message)) {
    return new RpcFailure(RPC_CODES.invalidInput, 'insufficient funds for gas * price + value');
  }
  if (/less than the block's baseFeePerGas/.test(message)) {
    return new RpcFailure(RPC_CODES.invalidInput, 'max fee per gas less than block base fee');
  }
  if (/gasLimit is too low|intrinsic gas/i.test(message)) {
    return new RpcFailure(RPC_CODES.invalidInput, 'intrinsic gas too low');
  }
  return new RpcFailure(RPC_CODES.invalidInput, `transaction rejected: ${message.slice(0, 200)}`);
}
