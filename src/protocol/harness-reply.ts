import { z } from 'zod';
import { AddressSchema, DigestSchema } from './ask';
import { IntentBinding } from './delegation';
import { WireError } from './errors';

/**
 * What the person's agent answers to an ask (seed 001 §3 step 12): one of six reply kinds, always with the runRef
 * and, when a plan was made, a plannerTrace that says which stage decided what. These cross from the background
 * worker to the side panel, the overlay, the popup and the command line, so they are zod schemas.
 */

const Json: z.ZodType<unknown> = z.unknown();
const Text = (max = 2000) => z.string().max(max);
const Risk = z.enum(['low', 'medium', 'high', 'critical']);

/** A row the panel renders as a table (a read's results), never prose to parse. */
export const ResultRow = z.record(
  z.string().max(64),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
);
export type ResultRow = z.infer<typeof ResultRow>;

export { PartyRef } from './party-ref';

/**
 * The intent binding a mandate carries inside what is signed (DESIGN §3, §10) is the wallet's (src/protocol/
 * delegation.ts): plan, step, args, ontology and playbook digests and the capability. The harness's plan digest is
 * taken over the runRef, the intent digest (the open-intent class) and the plan, so the run and the intent are bound
 * through it. The verifier refuses a step whose plan, arguments, ontology or playbook moved.
 */
export { IntentBinding };

/** Limits the mandate must carry as caveats; the wallet turns them into enforcers (on chain) or counted checks. */
export const MandateCaveats = z.strictObject({
  calls: z.number().int().positive(),
  /** Seconds since the epoch. */
  notAfter: z.number().int().positive(),
  token: z.literal('usdc').optional(),
  /** Maximum amount in the token's base units (decimal string). */
  maxAmount: z
    .string()
    .regex(/^\d{1,40}$/)
    .optional(),
  recipient: AddressSchema.optional(),
});
export type MandateCaveats = z.infer<typeof MandateCaveats>;

/** Exactly what the person is asked to sign for one step: the requirement bound to the plan (seed 001 step 8). */
export const Requirement = z.strictObject({
  runRef: Text(80),
  stepRef: Text(64),
  toolId: Text(120),
  capability: Text(120),
  args: z.record(z.string(), Json),
  binding: IntentBinding,
  bindingDigest: DigestSchema,
  delegator: AddressSchema,
  delegate: AddressSchema,
  caveats: MandateCaveats,
  risk: Risk,
  /** Where each argument came from: the words, a choice, the vault… never the model alone. */
  derivation: z.strictObject({ words: Text(4000), argSources: z.record(z.string(), Text(32)) }),
  /** critical: the signature must be at most this old when the step runs. */
  freshSeconds: z.number().int().positive().optional(),
});
export type Requirement = z.infer<typeof Requirement>;

/** A prompt the run waits on; `resumeToken` names it in the answer. */
export const Prompt = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('data'),
    stepRef: Text(64),
    text: Text(),
    fields: z.array(z.strictObject({ arg: Text(64), argKind: Text(32), label: Text(200), reason: Text(300) })).max(8),
  }),
  z.strictObject({
    kind: z.literal('choice'),
    stepRef: Text(64),
    text: Text(),
    arg: Text(64),
    word: Text(200),
    options: z
      .array(z.strictObject({ value: Text(200), label: Text(300) }))
      .min(2)
      .max(12),
  }),
  z.strictObject({
    kind: z.literal('signature'),
    stepRef: Text(64),
    text: Text(),
    approvalDigest: DigestSchema,
    approvers: z.array(AddressSchema).max(16),
    quorum: z.number().int().positive(),
    have: z.array(AddressSchema).max(16),
  }),
  z.strictObject({ kind: z.literal('confirmation'), stepRef: Text(64), text: Text() }),
  z.strictObject({ kind: z.literal('commitment'), stepRef: Text(64), text: Text(), commitment: DigestSchema }),
  z.strictObject({ kind: z.literal('authority'), stepRef: Text(64), text: Text(), requirement: Requirement }),
]);
export type Prompt = z.infer<typeof Prompt>;

/** One step receipt (seed 001 step 11). schemaVersion is append-only (STYLE rule 7). */
export const StepReceipt = z.strictObject({
  schemaVersion: z.literal(1),
  id: Text(120),
  runRef: Text(80),
  stepRef: Text(64),
  toolId: Text(120),
  status: z.enum(['committed', 'replayed', 'refused', 'skipped']),
  skillRef: z.strictObject({ skillId: Text(120), version: Text(40), commitment: DigestSchema }).nullable(),
  skill: z.strictObject({ id: Text(120), version: Text(40), contractDigest: DigestSchema }),
  binding: z.strictObject({
    intentDigest: DigestSchema,
    principal: AddressSchema,
    subject: AddressSchema,
    resource: AddressSchema.nullable(),
    authority: AddressSchema.nullable(),
    expectedOutcome: Text(120).nullable(),
    operationId: Text(120),
    argSources: z.record(z.string(), Text(32)),
    standing: Text(32),
    actor: AddressSchema,
  }),
  inputDigest: DigestSchema,
  planArgsDigest: DigestSchema,
  derivation: Text(32),
  observation: z.enum(['attempted', 'accepted', 'committed', 'confirmed']),
  presentedRef: z.union([z.enum(['self', 'informational', 'routed']), z.string().regex(/^mandate:0x[0-9a-fA-F]{64}$/)]),
  mandateHash: DigestSchema.optional(),
  /** A step handed to a specialist: who, its key, and the child mandate it acted under (at most `mandateHash`). */
  handedTo: z.strictObject({ executor: Text(120), address: AddressSchema, childMandateHash: DigestSchema }).optional(),
  /** A step routed to another agent (an organization's the person stewards): whom, and the run it judged it in. */
  routedTo: z.strictObject({ agent: AddressSchema, name: Text(120), runRef: Text(80) }).optional(),
  /** A step this agent judged because another agent routed it here: the router, and its run and step. */
  routedFrom: z.strictObject({ router: AddressSchema, runRef: Text(80), stepRef: Text(64) }).optional(),
  txHash: DigestSchema.optional(),
  reconciled: z.boolean(),
  /** PROV-O: the harness agent acted on behalf of the principal. */
  actedOnBehalfOf: AddressSchema,
  attests: z.record(z.string(), Json),
  createdAt: z.number().int(),
});
export type StepReceipt = z.infer<typeof StepReceipt>;

export { ModelCallTrace, PlannerTrace, SelectionTrace, Violation } from './planner-trace';
import { PartyRef } from './party-ref';
import { PlannerTrace } from './planner-trace';

const Spoken = Text(4000);

export const AnswerReply = z.strictObject({
  kind: z.literal('answer'),
  text: Text(8000),
  spoken: Spoken,
  results: z.array(ResultRow).max(500).optional(),
  /** Who said what: an outside agent's words are attributed, never passed off as the agent's own. */
  attributions: z
    .array(z.strictObject({ source: Text(120), text: Text(4000) }))
    .max(8)
    .optional(),
  evidence: z.array(Text(500)).max(16).optional(),
  next: z.array(Text(300)).max(4).optional(),
  /**
   * `unsupported`: the fixed "I can't help with …" sentence of ask.unsupported (seed 001 step 10); `help`: what this
   * agent can do now, for a greeting, thanks or an ask for help.
   */
  interaction: z.enum(['unsupported', 'help']).optional(),
  /** A red-flag symptom: its doctrine tier, told first and locally; red is an emergency, amber the care team today. */
  urgency: z
    .strictObject({ tier: Text(40), colour: z.enum(['red', 'amber']), emergencyNumber: Text(20).nullable() })
    .optional(),
  plannerTrace: PlannerTrace,
});

export const AuthorityRequiredReply = z.strictObject({
  kind: z.literal('authority_required'),
  requirement: Requirement,
  delegator: AddressSchema,
  delegate: AddressSchema,
  capability: Text(120),
  stepRef: Text(64),
  summary: Text(1000),
  spoken: Spoken,
  standing: z.strictObject({ relation: z.enum(['self', 'steward', 'member', 'stranger']), canGrant: z.boolean() }),
  parties: z.array(PartyRef).max(16),
  alsoApprove: z.array(DigestSchema).max(8),
  /** Where the person signs: their own Home, never the app that asked. */
  grantLink: Text(300),
  plannerTrace: PlannerTrace,
});

export const PromptReply = z.strictObject({
  kind: z.literal('prompt'),
  resumeToken: DigestSchema,
  prompt: Prompt,
  spoken: Spoken,
  plannerTrace: PlannerTrace,
});

export const WaitingReply = z.strictObject({
  kind: z.literal('waiting'),
  on: Text(200),
  commitment: DigestSchema,
  text: Text(),
  spoken: Spoken,
  plannerTrace: PlannerTrace,
});

export const DoneReply = z.strictObject({
  kind: z.literal('done'),
  result: z.strictObject({ text: Text(8000), results: z.array(ResultRow).max(500).optional() }),
  receipts: z.array(StepReceipt).max(32),
  fulfillment: z.enum(['fulfilled', 'partial']),
  effects: z
    .array(
      z.strictObject({
        stepRef: Text(64),
        effect: Text(120),
        status: z.enum(['emitted', 'failed']),
        error: Text(300).optional(),
      }),
    )
    .max(32),
  decisions: z
    .array(z.strictObject({ stepRef: Text(64), presentedRef: Text(80), obligations: z.array(Text(64)).max(8) }))
    .max(32),
  spoken: Spoken,
  plannerTrace: PlannerTrace,
});

export const RefusedReply = z.strictObject({
  kind: z.literal('refused'),
  outcome: z.enum(['denied', 'declined', 'failed', 'plan_refused']),
  error: WireError,
  receipts: z.array(StepReceipt).max(32),
  spoken: Spoken,
  plannerTrace: PlannerTrace,
});

export const HarnessReply = z.discriminatedUnion('kind', [
  AnswerReply,
  AuthorityRequiredReply,
  PromptReply,
  WaitingReply,
  DoneReply,
  RefusedReply,
]);
export type HarnessReply = z.infer<typeof HarnessReply>;
export type ReplyKind = HarnessReply['kind'];

/** The envelope every door returns (seed 001 §3 step 12). */
export const AskResponse = z.strictObject({
  ok: z.literal(true),
  addressee: AddressSchema,
  runRef: Text(80),
  hasProvenance: z.boolean(),
  resumable: z.boolean(),
  reply: HarnessReply,
});
export type AskResponse = z.infer<typeof AskResponse>;
