import { z } from 'zod';
import { AddressSchema, DigestSchema, Supplied } from '../ask';
import { AskResponse, Requirement } from '../harness-reply';

/**
 * The agent's channel (side panel, overlay, popup → background): an ask answers with the harness's envelope (the six
 * reply kinds, seed 001 step 12); a run is resumed with what the person did; the popup lists what waits for the
 * person, shows a run's requirement, and signs or declines it. Listed in ExtensionRequest and EXTENSION_REPLIES
 * (./messages.ts). Who may send which is the handlers' business: signing and declining only from extension pages.
 */
const RunRef = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'a run reference');
const req = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape });

export const AgentResumeRequest = req('agent.resume', { runRef: RunRef, supplied: z.array(Supplied).max(16) });
export const AgentRequirementRequest = req('agent.requirement', { runRef: RunRef });
/**
 * `expect`: the binding digest the person was shown; a run that now needs something else is not signed.
 * `alsoExpect`: the later steps' binding digests the person was shown with it (alsoApprove), signed in the same
 * sitting only when this is exactly the run's list; absent, only the first is signed.
 */
export const AgentSignRequest = req('agent.sign', {
  runRef: RunRef,
  expect: DigestSchema,
  alsoExpect: z.array(DigestSchema).max(8).optional(),
});
/** A run's requirement with the later steps' requirements listed in its alsoApprove (to show them together). */
export const AgentRequirementsRequest = req('agent.requirements', { runRef: RunRef });
export const AgentDeclineRequest = req('agent.decline', { runRef: RunRef, reason: z.string().max(500).optional() });
export const AgentPendingRequest = req('agent.pending', {});

export const PendingRun = z.strictObject({
  runRef: RunRef,
  addressee: AddressSchema,
  asker: AddressSchema,
  words: z.string().max(4000),
  /** `agent`: a question kept because another agent did not answer; sent again by agent.resume, dropped by agent.decline. */
  waitingFor: z.enum(['authority', 'approval', 'data', 'choice', 'agent']),
  text: z.string().max(1000),
  /** The worker stopped part-way through the act (waitingFor `agent`): sending it again finishes it, once. */
  stopped: z.literal(true).optional(),
  toolId: z.string().max(120).nullable(),
  /** A run an app started by asking as the person: the app and its origin (the words are the app's, not theirs). */
  from: z.strictObject({ app: z.string().max(80), origin: z.string().max(300) }).optional(),
  createdAt: z.number().int().nonnegative(),
  expiresAt: z.number().int().nonnegative(),
  /**
   * A run waiting on co-signers: its signature prompt (the approval digest, the approvers, the quorum, who has approved)
   * and the requirement approved, read from the run's checkpoint — for the popup's approval exchange.
   */
  approval: z
    .strictObject({
      resumeToken: DigestSchema,
      approvalDigest: DigestSchema,
      approvers: z.array(AddressSchema).max(16),
      quorum: z.number().int().positive(),
      have: z.array(AddressSchema).max(16),
      requirement: Requirement,
    })
    .optional(),
});
export type PendingRunMessage = z.infer<typeof PendingRun>;

const Signed = z.strictObject({ mandateHash: DigestSchema, stepRef: z.string().max(64) });
export const AgentSignReply = AskResponse.extend({
  signed: Signed.extend({ also: z.array(Signed).max(8).optional() }),
});
export const AgentRequirementsReply = z.strictObject({ requirement: Requirement, also: z.array(Requirement).max(8) });
export const AgentPendingReply = z.strictObject({ runs: z.array(PendingRun).max(100) });

export const AGENT_REQUESTS = [
  AgentResumeRequest,
  AgentRequirementRequest,
  AgentRequirementsRequest,
  AgentSignRequest,
  AgentDeclineRequest,
  AgentPendingRequest,
] as const;

export const AGENT_REPLIES = {
  'agent.resume': AskResponse,
  'agent.requirement': Requirement,
  'agent.requirements': AgentRequirementsReply,
  'agent.sign': AgentSignReply,
  'agent.decline': AskResponse,
  'agent.pending': AgentPendingReply,
} as const;
