import { createTx } from '@ethereumjs/tx';
import { createAddressFromString, createZeroAddress, equalsBytes, hexToBytes, KECCAK256_NULL } from '@ethereumjs/util';
import { runTx, type RunTxResult, type VM } from '@ethereumjs/vm';
import type { Block } from '@ethereumjs/block';
import type { CallRequest } from './call-request';

/**
 * Runs a call request as a transaction from `from` that is never signed nor kept: intrinsic gas, warm addresses,
 * refunds and contract creation behave as in a mined transaction (so `eth_estimateGas` means what a node means),
 * and every state change is reverted afterwards. The caller must hold the chain's lock.
 */
export async function simulate(vm: VM, request: CallRequest, block: Block, gasLimit: bigint): Promise<RunTxResult> {
  const from = request.from === undefined ? createZeroAddress() : createAddressFromString(request.from);
  const data = request.data ?? request.input ?? '0x';
  const tx = createTx(
    {
      type: 2,
      to: request.to === undefined || request.to === null ? undefined : createAddressFromString(request.to),
      data: hexToBytes(data as `0x${string}`),
      value: BigInt(request.value ?? 0),
      gasLimit,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
      nonce: (await vm.stateManager.getAccount(from))?.nonce ?? 0n,
    },
    { common: vm.common, freeze: false },
  );
  // Impersonation: the unsigned transaction answers with the caller's address, as a node's eth_call does.
  Object.defineProperty(tx, 'getSenderAddress', { value: () => from });
  await vm.stateManager.checkpoint();
  try {
    // EIP-3607 refuses *signed* transactions from addresses with code; nodes still run eth_call "from" a contract
    // (simulating a smart account's own call). Inside this reverted checkpoint the sender briefly looks code-less to
    // the sender check only; its code still runs when called (code is looked up by address, not by hash).
    const sender = await vm.stateManager.getAccount(from);
    if (sender !== undefined && !equalsBytes(sender.codeHash, KECCAK256_NULL)) {
      await vm.stateManager.modifyAccountFields(from, { codeHash: KECCAK256_NULL });
    }
    return await runTx(vm, {
      tx,
      block,
      skipNonce: true,
      skipBalance: true,
      skipBlockGasLimitValidation: true,
      skipHardForkValidation: true,
    });
  } finally {
    await vm.stateManager.revert();
  }
}
