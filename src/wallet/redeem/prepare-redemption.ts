import { DelegationManager } from '@metamask/delegation-abis';
import {
  encodeFunctionData,
  isAddressEqual,
  isErc6492Signature,
  keccak256,
  parseErc6492Signature,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { Mandate, MandateChain } from '../../protocol/delegation';
import { describeZodError, HomeError } from '../../protocol/errors';
import type { WalletChain } from '../chain/wallet-chain';
import { delegationHashOf } from '../delegations/delegation-codec';
import { encodePermissionContext } from '../delegations/permission-context';
import { refuse, type Verdict } from '../verify/verdict';
import { deployFromWrapper } from './deploy-from-wrapper';
import { encodeSingleExecution, SINGLE_DEFAULT_MODE, type Execution } from './execution';
import { redemptionRefusal } from './redemption-refusal';

/**
 * A redemption signed and recorded before it is sent (DESIGN §10 reconcile): the exact raw transaction, its hash and
 * the redeemer's nonce. Stored in the vault first; after a crash, reconcile looks the hash up, and re-sending the
 * same bytes can never pay twice (same nonce). JSON-safe: no bigint.
 */
export type PreparedRedemption = {
  chainId: number;
  delegationHash: Hex;
  redeemer: Address;
  nonce: number;
  calldata: Hex;
  rawTransaction: Hex;
  transactionHash: Hex;
};

export type { Execution } from './execution';

/**
 * Prepares the harness agent's `redeemDelegations` for one execution under a chain mandate: deploys the delegator
 * first if it is still counterfactual (the DelegationManager asks the account itself), unwraps the ERC-6492
 * signature, simulates (so a caveat the chain would refuse is refused here, in words, before anything is signed),
 * then signs the transaction without sending it. A child mandate (a MandateChain, leaf first) is presented whole:
 * the DelegationManager checks every link's authority, signature, revocation and caveats; its leaf's delegate redeems.
 */
export async function prepareRedemption(
  chain: WalletChain,
  p: { mandate: unknown; execution: Execution; redeemer: LocalAccount },
): Promise<Verdict<{ prepared: PreparedRedemption }>> {
  const parsed = Mandate.or(MandateChain).safeParse(p.mandate);
  if (!parsed.success) return refuse('BAD_INPUT', describeZodError(parsed.error));
  const links = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const { delegation, scope } = links[0]!;
  const root = links[links.length - 1]!.delegation;
  if (links.some((link) => link.scope.act.kind !== 'chain'))
    return refuse('CAVEAT_MISMATCH', 'This mandate is for an act off the chain; it cannot be redeemed on chain.');
  if (scope.chainId !== chain.chainId)
    return refuse('WRONG_CHAIN', `This mandate is for chain ${scope.chainId}, not this chain.`);
  if (!isAddressEqual(delegation.delegate as Address, p.redeemer.address))
    return refuse('WRONG_DELEGATE', 'Only the mandate’s delegate may redeem it.');
  let signature = root.signature as Hex;
  if (isErc6492Signature(signature)) {
    try {
      await deployFromWrapper(chain, root.delegator as Address, signature, p.redeemer);
    } catch (error) {
      if (error instanceof HomeError && error.code === 'SIGNATURE_INVALID')
        return refuse('SIGNATURE_INVALID', error.message);
      throw error;
    }
    signature = parseErc6492Signature(signature).signature;
  }
  const context = encodePermissionContext([...links.slice(0, -1).map((l) => l.delegation), { ...root, signature }]);
  const calldata = encodeFunctionData({
    abi: DelegationManager,
    functionName: 'redeemDelegations',
    args: [[context], [SINGLE_DEFAULT_MODE], [encodeSingleExecution(p.execution)]],
  });
  const to = chain.environment.DelegationManager;
  let gas: bigint;
  try {
    gas = await chain.client.estimateGas({ account: p.redeemer.address, to, data: calldata });
  } catch (error) {
    return redemptionRefusal(error, links.length > 1);
  }
  const nonce = await chain.client.getTransactionCount({ address: p.redeemer.address, blockTag: 'pending' });
  const fees = await chain.client.estimateFeesPerGas();
  const rawTransaction = await p.redeemer.signTransaction({
    chainId: chain.chainId,
    type: 'eip1559',
    to,
    data: calldata,
    gas: gas + gas / 5n,
    nonce,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  return {
    ok: true,
    prepared: {
      chainId: chain.chainId,
      delegationHash: delegationHashOf(delegation),
      redeemer: p.redeemer.address,
      nonce,
      calldata,
      rawTransaction,
      transactionHash: keccak256(rawTransaction),
    },
  };
}
