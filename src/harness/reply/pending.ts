import { HomeError } from '../../protocol/errors';
import type { Requirement } from '../../protocol/harness-reply';
import { approvalDigestOf } from '../authority/requirement';
import type { HarnessContext } from '../kernel/context';
import { RunStateSchema, type Pending, type RunState } from '../kernel/run-state';

/**
 * What a run waits on, read from its checkpoint by the harness that wrote it — so no caller parses the checkpoint
 * itself. Never by taking a turn: the harness takes a mandate already stored for the step's binding as presented,
 * so a turn taken only to show the requirement would carry out an act the person has not yet confirmed (seed 001
 * step 8.5: sign, then resume). What the person signs is verified from scratch when they resume.
 */

/** A checkpoint read back through the run's schema; null when it does not fit (damaged, tampered). */
export function readCheckpoint(checkpoint: unknown): RunState | null {
  const parsed = RunStateSchema.safeParse(checkpoint);
  return parsed.success ? parsed.data : null;
}

/** A run's checkpoint, or a refusal in words: no such run, damaged, expired. */
export async function runStateOf(ctx: HarnessContext, runRef: string): Promise<RunState> {
  const stored = await ctx.vault.runs.get(runRef);
  if (stored === null || stored === undefined)
    throw new HomeError('RUN_NOT_FOUND', 'There is no run by that reference.');
  const state = readCheckpoint(stored);
  if (state === null)
    throw new HomeError(
      'RUN_CORRUPT',
      'That run’s record is damaged, so it cannot be resumed safely; nothing was done.',
    );
  if (state.expiresAt < ctx.clock.now()) throw new HomeError('RUN_EXPIRED', 'That run has expired; ask again.');
  return state;
}

const disagrees = () =>
  new HomeError(
    'RUN_CORRUPT',
    'That run’s record does not agree with itself, so nothing from it will be signed; decline it and ask again.',
  );

/**
 * The requirement a run waits on the person to sign, exactly as the `authority_required` reply showed it, with the
 * later steps' requirements it listed in alsoApprove (same delegator), to review and sign in the same sitting; or a
 * refusal in words when it waits on something else.
 */
export async function pendingRequirements(
  ctx: HarnessContext,
  runRef: string,
): Promise<{ requirement: Requirement; also: Requirement[] }> {
  const state = await runStateOf(ctx, runRef);
  const pending = state.pending;
  if (state.status !== 'awaiting' || pending === null || pending.kind !== 'authority')
    throw new HomeError('NOTHING_TO_SIGN', 'That run is not waiting for a mandate from you.');
  const requirement = pending.requirement;
  if (requirement === undefined)
    throw new HomeError(
      'REQUIREMENT_UNKNOWN',
      'That run was parked by an older version that did not keep what it asked you to sign; decline it and ask again.',
    );
  // A step routed to another agent relays that agent's requirement: it is bound to the room's run, which the step names.
  const routedRun = state.steps.find((s) => s.stepRef === pending.stepRef)?.routed?.runRef;
  if (
    requirement.bindingDigest !== pending.bindingDigest ||
    requirement.stepRef !== pending.stepRef ||
    (requirement.runRef !== state.runRef && requirement.runRef !== routedRun)
  )
    throw disagrees();
  const also = pending.also ?? [];
  for (const r of also) {
    if (
      r.runRef !== state.runRef ||
      r.stepRef === requirement.stepRef ||
      r.delegator.toLowerCase() !== requirement.delegator.toLowerCase()
    )
      throw disagrees();
  }
  return { requirement, also };
}

/** A co-signer prompt's details as the checkpoint kept them, or undefined (older, or not agreeing with itself). */
export function pendingApprovalOf(
  state: RunState,
  pending: Extract<Pending, { kind: 'approval' }>,
): { requirement: Requirement; approvers: `0x${string}`[]; quorum: number; have: `0x${string}`[] } | undefined {
  const { requirement, approvers, quorum, have } = pending;
  if (requirement === undefined || approvers === undefined || quorum === undefined || have === undefined)
    return undefined;
  if (
    requirement.runRef !== state.runRef ||
    requirement.stepRef !== pending.stepRef ||
    approvalDigestOf(requirement) !== pending.approvalDigest
  )
    return undefined;
  return { requirement, approvers, quorum, have };
}
