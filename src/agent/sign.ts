import type { Hex } from 'viem';
import type { AskSurface } from '../protocol/ask';
import { HomeError, type Result } from '../protocol/errors';
import type { AskResponse, Requirement } from '../protocol/harness-reply';
import { harnessAgentOf, heldAgent, requireAccount } from './accounts';
import type { HomeAgentCore } from './home-agent';
import { pendingRequirement, resumeAt } from './runs';
import { buildMandate, checkSignable, storeMandate } from './sign-mandate';

/**
 * Sign (the person's act, from the popup or the command line, after they saw the requirement): the run's pending
 * requirement becomes a mandate signed with the unlocked owner key, stored in the vault, and the run resumes with
 * it — where the harness verifies it from scratch. `expect` is the binding digest the person was shown: when the
 * run now waits for something else, nothing is signed.
 */
export type SignResult = { signed: { mandateHash: Hex; stepRef: string; requirement: Requirement }; response: Result<AskResponse> };

export async function signPending(core: HomeAgentCore, input: { runRef: string; surface: AskSurface; expect?: Hex }): Promise<SignResult> {
  const requirement = await pendingRequirement(core, input.runRef);
  if (input.expect !== undefined && input.expect.toLowerCase() !== requirement.bindingDigest.toLowerCase()) {
    throw new HomeError('REQUIREMENT_CHANGED', 'The request changed since you were shown it; nothing was signed. Look at it again.');
  }
  const { vault, chain, keys } = core.parts;
  const owner = await requireAccount(keys, 'owner');
  const agent = await heldAgent(vault, requirement.delegator);
  checkSignable(requirement, { harnessAgent: await harnessAgentOf(vault), agent, owner });
  const signed = await buildMandate({ chain, requirement, owner, agent, nowSeconds: Math.floor(core.clock.now() / 1000) });
  await storeMandate(vault, requirement, signed);
  const response = await resumeAt(core, { runRef: input.runRef, surface: input.surface, supplied: [{ kind: 'mandate', stepRef: requirement.stepRef, mandateHash: signed.hash }] });
  return { signed: { mandateHash: signed.hash, stepRef: requirement.stepRef, requirement }, response };
}
