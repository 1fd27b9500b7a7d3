import { getAddress, type Address, type Hex } from 'viem';
import { pendingApprovalOf, type AskControls, type RunState } from '../harness';
import type { AskSurface, Material, Supplied, SuppliedPlan } from '../protocol/ask';
import type { Result } from '../protocol/errors';
import type { AskResponse, Requirement } from '../protocol/harness-reply';
import type { HomeAgentCore } from './home-agent';
import { waitingForSignature } from './pending-words';

/**
 * The person's turns at their own Home (the session door): a fresh ask, a resume with what they did, a decline,
 * and the runs waiting for them. A resume names only the run: its addressee comes from the run's own checkpoint,
 * and the asker is always the session's person — the harness then checks the run is theirs. `controls` (optional)
 * streams the answer's text as it is written and carries the person's stop (src/harness/kernel/turn-controls.ts).
 */
export type AskInput = {
  message: string;
  addressee?: Address;
  asker?: Address;
  surface: AskSurface;
  material?: Material[];
  plan?: SuppliedPlan;
  provider?: string;
};
export type ResumeInput = { runRef: string; supplied?: Supplied[]; asker?: Address; surface: AskSurface };

export async function askAt(
  core: HomeAgentCore,
  input: AskInput,
  controls?: AskControls,
): Promise<Result<AskResponse>> {
  const owner = await core.owner();
  const request = {
    addressee: input.addressee ?? owner,
    message: input.message,
    surface: input.surface,
    ...(input.material !== undefined ? { material: input.material } : {}),
    ...(input.plan !== undefined ? { plan: input.plan } : {}),
    ...(input.provider !== undefined ? { provider: input.provider } : {}),
  };
  return core.harness.ask(request, { kind: 'session', asker: input.asker ?? owner }, controls);
}

/** A run's checkpoint as the harness wrote it, read back by the harness (refused in words if absent or damaged). */
export function runStateOf(core: HomeAgentCore, runRef: string): Promise<RunState> {
  return core.harness.runState(runRef);
}

export async function resumeAt(
  core: HomeAgentCore,
  input: ResumeInput,
  controls?: AskControls,
): Promise<Result<AskResponse>> {
  const owner = await core.owner();
  const loaded = await core.parts.vault.runs.load(input.runRef);
  // An unknown or expired run is the harness's to refuse in its own words; the addressee then defaults to the owner.
  const addressee = loaded.kind === 'found' ? getAddress(loaded.run.addressee) : owner;
  const request = {
    addressee,
    runRef: input.runRef,
    surface: input.surface,
    ...(input.supplied !== undefined ? { supplied: input.supplied } : {}),
  };
  return core.harness.ask(request, { kind: 'session', asker: input.asker ?? owner }, controls);
}

export function declineAt(
  core: HomeAgentCore,
  input: { runRef: string; reason?: string; surface: AskSurface },
): Promise<Result<AskResponse>> {
  const supplied: Supplied = {
    kind: 'decline',
    ...(input.reason !== undefined ? { reason: input.reason.slice(0, 500) } : {}),
  };
  return resumeAt(core, { runRef: input.runRef, surface: input.surface, supplied: [supplied] });
}

/**
 * The requirement a run waits on the person to sign, or a refusal in words when it waits on something else. Read
 * from the run's checkpoint, exactly as the `authority_required` reply showed it — never by taking a harness turn:
 * the harness takes a mandate already stored for the step's binding as presented, so a turn taken only to display
 * the requirement would carry out the act the person has not yet confirmed (seed 001 step 8.5: sign, then resume).
 * What the person signs is then verified from scratch when they resume, against the step as it stands.
 */
export async function pendingRequirement(core: HomeAgentCore, runRef: string): Promise<Requirement> {
  return (await pendingRequirements(core, runRef)).requirement;
}

/**
 * The same, with the later steps' requirements the reply listed in alsoApprove (same delegator), to review and sign
 * in the same sitting (src/harness/authority/also-approve.ts). Read from the checkpoint, never by taking a turn.
 */
export function pendingRequirements(
  core: HomeAgentCore,
  runRef: string,
): Promise<{ requirement: Requirement; also: Requirement[] }> {
  return core.harness.pendingRequirements(runRef);
}

/**
 * `agent`: a question kept because another agent did not answer (HeartCoach's gateway down); the person may send it
 * again (resume the run with nothing supplied) or drop it (decline).
 */
export type PendingRun = {
  runRef: string;
  addressee: Address;
  asker: Address;
  words: string;
  waitingFor: 'authority' | 'approval' | 'data' | 'choice' | 'agent';
  text: string;
  /** The worker stopped part-way through this run's act: it waits on nobody but the person sending it again. */
  stopped?: true;
  toolId: string | null;
  createdAt: number;
  expiresAt: number;
  /** A run waiting on co-signers: its signature prompt and the requirement approved, for the approval exchange. */
  approval?: PendingApproval;
  /** A run an app started by asking as the person (ask-as-me): whose words these are, never the person's own. */
  from?: { app: string; origin: string };
};

/** What the approval exchange needs (src/ui/sign/ApprovalExchange.tsx): read from the checkpoint, never by a turn. */
export type PendingApproval = {
  resumeToken: Hex;
  approvalDigest: Hex;
  approvers: Address[];
  quorum: number;
  have: Address[];
  requirement: Requirement;
};

/** Runs waiting for the person (a mandate, an answer, a choice, a co-signature, a kept question), newest first, in words. */
export async function pendingRuns(core: HomeAgentCore, limit = 20): Promise<PendingRun[]> {
  const rows = (await core.parts.vault.runs.list('awaiting')).rows
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, limit);
  return rows.flatMap((row): PendingRun[] => {
    const state = core.harness.readCheckpoint(row.checkpoint);
    // A room's run waits through the person's own run that routed the step there, which relays what it needs.
    if (state === null || state.door.kind === 'routed') return [];
    const base = {
      runRef: row.runRef,
      addressee: getAddress(row.addressee),
      asker: getAddress(row.asker),
      words: state.words,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      ...(state.door.kind === 'ask-as-me'
        ? { from: { app: state.door.app ?? state.door.origin ?? 'an app', origin: state.door.origin ?? 'unknown' } }
        : {}),
    };
    const pending = state.pending;
    // Awaiting with no prompt: the run waits on another agent, its question kept (run-ask.ts settles it so).
    if (pending === null) return [{ ...base, waitingFor: 'agent', ...keptText(state), toolId: waitingStep(state) }];
    const step = pending.stepRef === null ? undefined : state.steps.find((s) => s.stepRef === pending.stepRef);
    const toolId = step === undefined ? null : (state.plan?.steps[step.planIndex]?.toolId ?? null);
    const approval = pending.kind === 'approval' ? approvalOf(state, pending) : undefined;
    return [
      {
        ...base,
        waitingFor: pending.kind,
        text: pendingText(pending, toolId),
        toolId,
        ...(approval !== undefined ? { approval } : {}),
      },
    ];
  });
}

/** A co-signer run's prompt details as the checkpoint kept them (the harness checks they agree with the run). */
function approvalOf(
  state: RunState,
  pending: Extract<NonNullable<RunState['pending']>, { kind: 'approval' }>,
): PendingApproval | undefined {
  const kept = pendingApprovalOf(state, pending);
  if (kept === undefined) return undefined;
  return {
    resumeToken: pending.resumeToken,
    approvalDigest: pending.approvalDigest,
    approvers: kept.approvers.map((a) => getAddress(a)),
    quorum: kept.quorum,
    have: kept.have.map((a) => getAddress(a)),
    requirement: kept.requirement,
  };
}

/**
 * Why a kept question waits: the waiting reply's own sentence, or (a checkpoint from before it was kept) whom it waits
 * on. A run with a step left `executing` waits on nobody: the worker stopped while it carried the act out (a payment
 * perhaps already sent), and the person is told so — sending it again finishes it, once; it cannot be dropped. So
 * does one whose steps all settled: the worker stopped before the run's own record.
 */
function keptText(state: RunState): { text: string; stopped?: true } {
  const underWay = state.steps.find((s) => s.status === 'executing');
  if (underWay !== undefined) {
    const toolId = state.plan?.steps[underWay.planIndex]?.toolId;
    return {
      stopped: true,
      text: `Home Agent stopped while it was carrying this out${toolId !== undefined ? ` (${toolId})` : ''}, so it may already have happened. Send it again to finish it — nothing will be done twice.`,
    };
  }
  if (state.steps.length > 0 && state.steps.every((s) => s.status !== 'pending')) {
    return {
      stopped: true,
      text: 'Home Agent stopped just before it finished this; what was done stands. Send it again to finish it — nothing will be done twice.',
    };
  }
  if (state.waiting !== undefined) return { text: state.waiting.text.slice(0, 1000) };
  return {
    text: `Waiting on another agent${waitingStep(state) !== null ? ` (${waitingStep(state)})` : ''}; your question is kept: send it again.`,
  };
}

/** The tool of the step the kept question waits on (the first step not yet done). */
function waitingStep(state: RunState): string | null {
  const step = state.steps.find((s) => s.status === 'pending');
  return step === undefined ? null : (state.plan?.steps[step.planIndex]?.toolId ?? null);
}

function pendingText(pending: NonNullable<RunState['pending']>, toolId: string | null): string {
  switch (pending.kind) {
    case 'authority':
      return waitingForSignature(toolId);
    case 'approval':
      return (pending.text ?? 'Waiting for a co-signer’s approval.').slice(0, 1000);
    case 'data':
      return `Waiting for ${pending.fields.map((f) => f.label).join(', ')}.`.slice(0, 500);
    case 'choice':
      return `Waiting for you to choose which “${pending.word}” you meant.`.slice(0, 500);
  }
}
