import type { HomeAgent } from '../../agent/index';
import { HomeError, type Result } from '../../protocol/errors';
import {
  AgentDeclineRequest,
  AgentPendingReply,
  AgentPendingRequest,
  AgentPreviewReply,
  AgentPreviewRequest,
  AgentRequirementRequest,
  AgentRequirementsReply,
  AgentRequirementsRequest,
  AgentResumeRequest,
  AgentSignReply,
  AgentSignRequest,
} from '../../protocol/messages/agent';
import { AskResponse, Requirement } from '../../protocol/harness-reply';
import { defineHandler } from '../handler';

/** The one dependency of the agent's handlers: the person's agent, built on the Home's vault, keyring and chain. */
export type AgentDeps = { agent: () => Promise<HomeAgent> };

/** A door refusal (not your agent, no such run, …) reaches the face as a WireError in words. */
export function unwrap(result: Result<AskResponse>): AskResponse {
  if (!result.ok)
    throw new HomeError(
      result.error.code,
      result.error.message,
      result.error.details === undefined ? {} : { details: result.error.details },
    );
  return result.data;
}

/**
 * Resume, requirement, sign, decline and the pending list (src/protocol/messages/agent.ts). Signing and declining
 * are the person's acts and come only from extension pages (the popup, the side panel); the overlay's frame may answer
 * a prompt it showed (a choice, a value) or decline, never present a mandate or a co-signature — it sits inside a web
 * page, which can cover it and steer clicks into it, so anything that grants authority happens in the popup.
 */
export function agentHandlers(deps: AgentDeps) {
  return [
    defineHandler({
      type: 'agent.resume',
      senders: ['extension-page', 'overlay-frame'],
      request: AgentResumeRequest,
      reply: AskResponse,
      async handle({ runRef, supplied }, sender) {
        if (
          sender.kind === 'overlay-frame' &&
          supplied.some((s) => s.kind !== 'answer' && s.kind !== 'choice' && s.kind !== 'decline')
        ) {
          throw new HomeError(
            'NOT_FROM_A_PAGE',
            'Signing, approving and declining happen in Home Agent’s own window, not on a page.',
          );
        }
        return unwrap(
          await (
            await deps.agent()
          ).resume({ runRef, supplied, surface: sender.kind === 'overlay-frame' ? 'overlay' : 'sidepanel' }),
        );
      },
    }),
    defineHandler({
      type: 'agent.requirement',
      senders: ['extension-page'],
      request: AgentRequirementRequest,
      reply: Requirement,
      handle: async ({ runRef }) => (await deps.agent()).requirement(runRef),
    }),
    defineHandler({
      type: 'agent.requirements',
      senders: ['extension-page'],
      request: AgentRequirementsRequest,
      reply: AgentRequirementsReply,
      handle: async ({ runRef }) => (await deps.agent()).requirements(runRef),
    }),
    defineHandler({
      type: 'agent.preview',
      senders: ['extension-page'],
      request: AgentPreviewRequest,
      reply: AgentPreviewReply,
      handle: async ({ runRef }) => ({ previews: await (await deps.agent()).previews(runRef) }),
    }),
    defineHandler({
      type: 'agent.sign',
      senders: ['extension-page'],
      request: AgentSignRequest,
      reply: AgentSignReply,
      async handle({ runRef, expect, alsoExpect }) {
        const { signed, response } = await (
          await deps.agent()
        ).sign({ runRef, expect, surface: 'popup', ...(alsoExpect !== undefined ? { alsoExpect } : {}) });
        const also = signed.also.length > 0 ? { also: signed.also } : {};
        return { ...unwrap(response), signed: { mandateHash: signed.mandateHash, stepRef: signed.stepRef, ...also } };
      },
    }),
    defineHandler({
      type: 'agent.decline',
      senders: ['extension-page'],
      request: AgentDeclineRequest,
      reply: AskResponse,
      handle: async ({ runRef, reason }) =>
        unwrap(
          await (await deps.agent()).decline({ runRef, surface: 'popup', ...(reason !== undefined ? { reason } : {}) }),
        ),
    }),
    defineHandler({
      type: 'agent.pending',
      senders: ['extension-page'],
      request: AgentPendingRequest,
      reply: AgentPendingReply,
      handle: async () => ({ runs: await (await deps.agent()).pending(100) }),
    }),
  ];
}
