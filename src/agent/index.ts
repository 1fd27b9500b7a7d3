import type { Hex } from 'viem';
import type { AskControls } from '../harness';
import type { AskSurface } from '../protocol/ask';
import type { Result } from '../protocol/errors';
import type { AskResponse, Requirement } from '../protocol/harness-reply';
import { createHomeAgentCore, type HomeAgentCore, type HomeAgentParts } from './home-agent';
import { grantAskAsMe, revokeHeld, type Revoked } from './grants';
import {
  askAt,
  declineAt,
  pendingRequirement,
  pendingRequirements,
  pendingRuns,
  resumeAt,
  type AskInput,
  type PendingRun,
  type ResumeInput,
} from './runs';
import { signPending, type SignResult } from './sign';
import { pendingPreviews } from './preview';
import type { StepPreview } from '../protocol/messages/agent';

/**
 * The person's agent, as the background worker and the command line use it: one composition root (home-agent.ts)
 * and the operations a door may call. Which door may call which is the door's business — the worker lets only
 * extension pages sign or decline; the command line asks for a typed confirmation first.
 */
export type HomeAgent = HomeAgentCore & {
  /** `controls`: the answer's text as it streams, and the person's stop (src/harness/kernel/turn-controls.ts). */
  ask(input: AskInput, controls?: AskControls): Promise<Result<AskResponse>>;
  resume(input: ResumeInput, controls?: AskControls): Promise<Result<AskResponse>>;
  /** Signs the run's pending requirement with the unlocked owner key and resumes the run with it. */
  sign(input: { runRef: string; surface: AskSurface; expect?: Hex; alsoExpect?: readonly Hex[] }): Promise<SignResult>;
  decline(input: { runRef: string; reason?: string; surface: AskSurface }): Promise<Result<AskResponse>>;
  /** What the run waits for the person to sign (shown before they confirm). */
  requirement(runRef: string): Promise<Requirement>;
  /** The same, with the later steps' requirements listed in alsoApprove (to review and sign together). */
  requirements(runRef: string): Promise<{ requirement: Requirement; also: Requirement[] }>;
  /** Balances before → after for each payment step the person would sign, simulated on the agent's chain. */
  previews(runRef: string): Promise<StepPreview[]>;
  pending(limit?: number): Promise<PendingRun[]>;
  revoke(hash: Hex): Promise<Revoked>;
  grantAskAsMe(input: Parameters<typeof grantAskAsMe>[1]): ReturnType<typeof grantAskAsMe>;
};

export function createHomeAgent(parts: HomeAgentParts): HomeAgent {
  const core = createHomeAgentCore(parts);
  return {
    ...core,
    ask: (input, controls) => askAt(core, input, controls),
    resume: (input, controls) => resumeAt(core, input, controls),
    sign: (input) => signPending(core, input),
    decline: (input) => declineAt(core, input),
    requirement: (runRef) => pendingRequirement(core, runRef),
    requirements: (runRef) => pendingRequirements(core, runRef),
    previews: (runRef) => pendingPreviews(core, runRef),
    pending: (limit) => pendingRuns(core, limit),
    revoke: (hash) => revokeHeld(core, hash),
    grantAskAsMe: (input) => grantAskAsMe(core, input),
  };
}

export type { HomeAgentParts } from './home-agent';
export type { AskInput, ResumeInput, PendingRun } from './runs';
export type { SignResult } from './sign';
export { fixedKeys, keyringKeys, type KeySource } from './accounts';
