import { z } from 'zod';
import { AddressSchema, DigestSchema, Supplied } from '../ask';
import { WireError } from '../errors';
import { AskResponse, Requirement } from '../harness-reply';
import { Material, MESSAGE_LIMITS } from '../material';

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
/** What signing the run's pending steps would change in balances, simulated on the agent's chain (the sign sheet). */
export const AgentPreviewRequest = req('agent.preview', { runRef: RunRef });

/** A face's conversation: the side panel's own (`sidepanel:own`) or with an agent it steers (`sidepanel:0x…`). */
const Session = z.string().regex(/^sidepanel:(own|0x[0-9a-f]{40})$/, 'a conversation session');
/** One entry of a conversation as kept in the vault: the person's words, a reply, a refusal, a stop. */
export const ConversationEntry = z.discriminatedUnion('from', [
  z.strictObject({
    from: z.literal('you'),
    words: z.string().max(MESSAGE_LIMITS.words),
    material: Material.optional(),
  }),
  z.strictObject({ from: z.literal('agent'), response: AskResponse }),
  z.strictObject({ from: z.literal('error'), error: WireError }),
  z.strictObject({ from: z.literal('stopped') }),
]);
export type ConversationEntry = z.infer<typeof ConversationEntry>;
export const AgentConversationGetRequest = req('agent.conversation.get', { session: Session });
export const AgentConversationAddRequest = req('agent.conversation.add', {
  session: Session,
  entry: ConversationEntry,
});
export const AgentConversationClearRequest = req('agent.conversation.clear', { session: Session });

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

const BaseUnits = z.string().regex(/^-?\d{1,40}$/, 'an amount in base units');
/**
 * One step's balances before → after (token base units, decimal strings), run on the chain before signing:
 * `account`, the paying account itself made the transfer in a call the chain forgot; `token`, the account is not
 * deployed yet, so the token ran the transfer from its address. `ok: false`: the chain would refuse it, in words.
 */
export const StepPreview = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    stepRef: z.string().max(64),
    token: z.literal('usdc'),
    decimals: z.number().int().min(0).max(36),
    simulated: z.enum(['account', 'token']),
    changes: z
      .array(z.strictObject({ address: AddressSchema, before: BaseUnits, after: BaseUnits }))
      .min(1)
      .max(4),
  }),
  z.strictObject({ ok: z.literal(false), stepRef: z.string().max(64), reason: z.string().min(1).max(500) }),
]);
export type StepPreview = z.infer<typeof StepPreview>;
export const AgentPreviewReply = z.strictObject({ previews: z.array(StepPreview).max(9) });
export const AgentConversationReply = z.strictObject({ entries: z.array(ConversationEntry).max(200) });
export const AgentConversationAddReply = z.strictObject({ kept: z.number().int().nonnegative() });
export const AgentConversationClearReply = z.strictObject({ cleared: z.number().int().nonnegative() });

export const AGENT_REQUESTS = [
  AgentResumeRequest,
  AgentRequirementRequest,
  AgentRequirementsRequest,
  AgentSignRequest,
  AgentDeclineRequest,
  AgentPendingRequest,
  AgentPreviewRequest,
  AgentConversationGetRequest,
  AgentConversationAddRequest,
  AgentConversationClearRequest,
] as const;

export const AGENT_REPLIES = {
  'agent.resume': AskResponse,
  'agent.requirement': Requirement,
  'agent.requirements': AgentRequirementsReply,
  'agent.sign': AgentSignReply,
  'agent.decline': AskResponse,
  'agent.pending': AgentPendingReply,
  'agent.preview': AgentPreviewReply,
  'agent.conversation.get': AgentConversationReply,
  'agent.conversation.add': AgentConversationAddReply,
  'agent.conversation.clear': AgentConversationClearReply,
} as const;
