import { getAddress, parseUnits } from 'viem';
import type { Requirement } from '../protocol/harness-reply';
import type { StepPreview } from '../protocol/messages/agent';
import { previewUsdcTransfers, USDC_DECIMALS, type TransferPreview } from '../wallet';
import type { HomeAgentCore } from './home-agent';
import { pendingRequirements } from './runs';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A step's USDC transfer (who pays, to whom, how much), or null when the step moves no USDC. */
function transferOf(r: Requirement): { from: `0x${string}`; to: `0x${string}`; amount: bigint } | null {
  const { recipient, amount } = r.args;
  if (r.caveats.token !== 'usdc' || typeof recipient !== 'string' || !ADDRESS.test(recipient)) return null;
  if (typeof amount !== 'string' && typeof amount !== 'number') return null;
  try {
    const units = parseUnits(String(amount).replace(/,/g, ''), USDC_DECIMALS);
    return units > 0n ? { from: getAddress(r.delegator), to: getAddress(recipient), amount: units } : null;
  } catch {
    return null;
  }
}

/**
 * What signing a run's pending steps would change, before the person signs (the sign sheet's "before → after"): each
 * payment step's transfer run on the agent's own chain (src/wallet/tokens/preview-transfer.ts), in order of the
 * steps, one account's payments in one run. Steps that move no token have no preview. Display only: what is signed and enforced is the requirement.
 */
export async function pendingPreviews(core: HomeAgentCore, runRef: string): Promise<StepPreview[]> {
  const { requirement, also } = await pendingRequirements(core, runRef);
  const payments = [requirement, ...also].flatMap((r) => {
    const transfer = transferOf(r);
    return transfer === null ? [] : [{ stepRef: r.stepRef, ...transfer }];
  });
  // Payments from the same account are run one after the other: a later one starts from what the earlier left.
  const payers = [...new Set(payments.map((t) => t.from))];
  const byStep = new Map<string, TransferPreview>();
  for (const from of payers) {
    const mine = payments.filter((t) => t.from === from);
    const previews = await previewUsdcTransfers(core.parts.chain, { from, transfers: mine });
    mine.forEach((t, k) => byStep.set(t.stepRef, previews[k]!));
  }
  return payments.map(({ stepRef }): StepPreview => {
    const preview = byStep.get(stepRef)!;
    return preview.ok
      ? {
          ok: true,
          stepRef,
          token: 'usdc',
          decimals: USDC_DECIMALS,
          simulated: preview.simulated,
          changes: preview.changes.map((c) => ({
            address: c.address,
            before: c.before.toString(),
            after: c.after.toString(),
          })),
        }
      : { ok: false, stepRef, reason: preview.reason };
  });
}
