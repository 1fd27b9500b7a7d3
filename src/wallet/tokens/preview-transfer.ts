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
 * What USDC transfers from one account would change, in order, run on the chain itself before anything is signed.
 * `account`: the paying Smart Agent was asked, by the DelegationManager (exactly as a redemption reaches it), to read
 * both balances, make the transfer and read them again — every transfer in turn, in one call whose state is thrown
 * away — so the figures are the chain's own, and a later payment's "before" is the earlier one's "after". `token`:
 * the account is not deployed yet, so the token ran each transfer (the running total) from its address and the
 * figures follow from its success. A transfer the chain would refuse comes back as a sentence.
 */
export type TransferPreview =
  { ok: true; simulated: 'account' | 'token'; changes: [BalanceChange, BalanceChange] } | { ok: false; reason: string };

type Transfer = { to: Address; amount: bigint };

const balanceCall = (chain: WalletChain, holder: Address) => ({
  target: chain.usdc!,
  value: 0n,
  callData: encodeFunctionData({ abi: testUsdcAbi, functionName: 'balanceOf', args: [holder] }),
});
const uint = (word: Hex | undefined) => decodeAbiParameters([{ type: 'uint256' }], word ?? '0x')[0];

export async function previewUsdcTransfer(
  chain: WalletChain,
  p: { from: Address; to: Address; amount: bigint },
): Promise<TransferPreview> {
  return (await previewUsdcTransfers(chain, { from: p.from, transfers: [p] }))[0]!;
}

export async function previewUsdcTransfers(
  chain: WalletChain,
  p: { from: Address; transfers: readonly Transfer[] },
): Promise<TransferPreview[]> {
  const refused = (reason: string) => p.transfers.map(() => ({ ok: false as const, reason }));
  if (chain.usdc === undefined) return refused('No USDC token is configured on this chain.');
  try {
    return (await isDeployed(chain, p.from)) ? await byAccount(chain, p) : await byToken(chain, p);
  } catch (error) {
    return refused(redemptionRefusal(error).message);
  }
}

/** The account itself, asked as a redemption asks it: both balances, the transfer, both balances, for each. */
async function byAccount(chain: WalletChain, p: { from: Address; transfers: readonly Transfer[] }) {
  const executions = p.transfers.flatMap((t) => [
    balanceCall(chain, p.from),
    balanceCall(chain, t.to),
    usdcTransferCall(chain, t.to, t.amount),
    balanceCall(chain, p.from),
    balanceCall(chain, t.to),
  ]);
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
  return p.transfers.map((t, k): TransferPreview => {
    const [fromBefore, toBefore, , fromAfter, toAfter] = results.slice(5 * k, 5 * k + 5);
    return {
      ok: true,
      simulated: 'account',
      changes: [
        { address: p.from, before: uint(fromBefore), after: uint(fromAfter) },
        { address: t.to, before: uint(toBefore), after: uint(toAfter) },
      ],
    };
  });
}

/** No code yet: the token runs the running total from the account's address; the balances follow from it. */
async function byToken(chain: WalletChain, p: { from: Address; transfers: readonly Transfer[] }) {
  const held = new Map<string, bigint>();
  const balance = async (who: Address) => {
    const key = who.toLowerCase();
    if (!held.has(key)) held.set(key, await usdcBalanceOf(chain, who));
    return held.get(key)!;
  };
  const previews: TransferPreview[] = [];
  let total = 0n;
  for (const t of p.transfers) {
    total += t.amount;
    // The total so far from the same account: a later payment is checked against what the earlier ones leave.
    await chain.client.simulateContract({
      account: p.from,
      address: chain.usdc!,
      abi: testUsdcAbi,
      functionName: 'transfer',
      args: [t.to, total],
    });
    const [fromBefore, toBefore] = [await balance(p.from), await balance(t.to)];
    const same = p.from.toLowerCase() === t.to.toLowerCase();
    const [fromAfter, toAfter] = same ? [fromBefore, toBefore] : [fromBefore - t.amount, toBefore + t.amount];
    held.set(p.from.toLowerCase(), fromAfter);
    held.set(t.to.toLowerCase(), toAfter);
    previews.push({
      ok: true,
      simulated: 'token',
      changes: [
        { address: p.from, before: fromBefore, after: fromAfter },
        { address: t.to, before: toBefore, after: toAfter },
      ],
    });
  }
  return previews;
}
