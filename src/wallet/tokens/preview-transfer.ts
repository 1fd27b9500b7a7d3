import { HybridDeleGator } from '@metamask/delegation-abis';
import {
  decodeAbiParameters,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  type Address,
  type Hex,
} from 'viem';
import { isDeployed } from '../accounts/is-deployed';
import type { WalletChain } from '../chain/wallet-chain';
import { testUsdcAbi } from '../deploy/usdc/usdc';
import { redemptionRefusal } from '../redeem/redemption-refusal';
import { usdcBalanceOf, usdcTransferCall } from './usdc';

/** ERC-7579 execution mode "batch, revert on failure" (call type 0x01, exec type 0x00). */
const BATCH_DEFAULT_MODE: Hex = `0x01${'00'.repeat(31)}`;
const EXECUTIONS = [
  {
    type: 'tuple[]',
    components: [
      { name: 'target', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'callData', type: 'bytes' },
    ],
  },
] as const;

/** One account's balance around a transfer, in the token's base units. */
export type BalanceChange = { address: Address; before: bigint; after: bigint };

/**
 * What a USDC transfer would change, run on the chain itself before anything is signed. `account`: the paying Smart
 * Agent was asked, by the DelegationManager (exactly as a redemption reaches it), to make the transfer and then read
 * both balances, in one call whose state is thrown away — the "after" figures are the chain's own. `token`: the
 * account is not deployed yet, so the token's transfer was run from its address and the "after" figures follow from
 * its success. A transfer the chain would refuse comes back as a sentence.
 */
export type TransferPreview =
  { ok: true; simulated: 'account' | 'token'; changes: [BalanceChange, BalanceChange] } | { ok: false; reason: string };

const balanceCall = (chain: WalletChain, holder: Address) => ({
  target: chain.usdc!,
  value: 0n,
  callData: encodeFunctionData({ abi: testUsdcAbi, functionName: 'balanceOf', args: [holder] }),
});

export async function previewUsdcTransfer(
  chain: WalletChain,
  p: { from: Address; to: Address; amount: bigint },
): Promise<TransferPreview> {
  if (chain.usdc === undefined) return { ok: false, reason: 'No USDC token is configured on this chain.' };
  try {
    const [fromBefore, toBefore] = await Promise.all([usdcBalanceOf(chain, p.from), usdcBalanceOf(chain, p.to)]);
    if (!(await isDeployed(chain, p.from))) {
      await chain.client.simulateContract({
        account: p.from,
        address: chain.usdc,
        abi: testUsdcAbi,
        functionName: 'transfer',
        args: [p.to, p.amount],
      });
      const same = p.from.toLowerCase() === p.to.toLowerCase();
      return {
        ok: true,
        simulated: 'token',
        changes: [
          { address: p.from, before: fromBefore, after: same ? fromBefore : fromBefore - p.amount },
          { address: p.to, before: toBefore, after: same ? toBefore : toBefore + p.amount },
        ],
      };
    }
    const executions = [usdcTransferCall(chain, p.to, p.amount), balanceCall(chain, p.from), balanceCall(chain, p.to)];
    const { data } = await chain.client.call({
      account: chain.environment.DelegationManager,
      to: p.from,
      data: encodeFunctionData({
        abi: HybridDeleGator,
        functionName: 'executeFromExecutor',
        args: [BATCH_DEFAULT_MODE, encodeAbiParameters(EXECUTIONS, [executions])],
      }),
    });
    const results = decodeFunctionResult({
      abi: HybridDeleGator,
      functionName: 'executeFromExecutor',
      data: data ?? '0x',
    }) as readonly Hex[];
    const [fromAfter, toAfter] = [results[1], results[2]].map(
      (word) => decodeAbiParameters([{ type: 'uint256' }], word ?? '0x')[0],
    );
    return {
      ok: true,
      simulated: 'account',
      changes: [
        { address: p.from, before: fromBefore, after: fromAfter! },
        { address: p.to, before: toBefore, after: toAfter! },
      ],
    };
  } catch (error) {
    return { ok: false, reason: redemptionRefusal(error).message };
  }
}
