import { getAddress, parseUnits } from 'viem';
import type { Requirement } from '../protocol/harness-reply';
import type { StepPreview } from '../protocol/messages/agent';
import { previewUsdcTransfer, USDC_DECIMALS } from '../wallet';
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
 * steps. Steps that move no token have no preview. Display only: what is signed and enforced is the requirement.
 */
export async function pendingPreviews(core: HomeAgentCore, runRef: string): Promise<StepPreview[]> {
  const { requirement, also } = await pendingRequirements(core, runRef);
  const previews: StepPreview[] = [];
  for (const r of [requirement, ...also]) {
    const transfer = transferOf(r);
    if (transfer === null) continue;
    const preview = await previewUsdcTransfer(core.parts.chain, transfer);
    previews.push(
      preview.ok
        ? {
            ok: true,
            stepRef: r.stepRef,
            token: 'usdc',
            decimals: USDC_DECIMALS,
            simulated: preview.simulated,
            changes: preview.changes.map((c) => ({
              address: c.address,
              before: c.before.toString(),
              after: c.after.toString(),
            })),
          }
        : { ok: false, stepRef: r.stepRef, reason: preview.reason },
    );
  }
  return previews;
}
