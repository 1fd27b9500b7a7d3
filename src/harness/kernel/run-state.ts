import { z } from 'zod';
import { AddressSchema, AskSurface, DigestSchema, Material, SignatureSchema } from '../../protocol/ask';
import { HarnessReply, PartyRef, PlannerTrace, Requirement, ResultRow } from '../../protocol/harness-reply';
import { PlanSchema } from '../plan/plan-schema';

/**
 * A run as it is checkpointed in the vault whenever it waits for a person (DESIGN §6): the question, the plan and
 * every earlier answer under its runRef, so the same ask resumes with only what the person did. Read back through
 * this schema — a corrupted or tampered row is refused, never trusted. schemaVersion is append-only.
 */
const Text = (max = 4000) => z.string().max(max);

export const StepResultSchema = z.strictObject({
  text: Text(12_000),
  rows: z.array(ResultRow).max(500).optional(),
  value: z.unknown(),
  source: z.enum(['vault', 'chain', 'outside-agent', 'instruction-skill', 'template']),
  attribution: Text(120).optional(),
  observation: z.enum(['attempted', 'accepted', 'committed', 'confirmed']),
  txHash: DigestSchema.optional(),
  reconciled: z.boolean(),
  templated: z.boolean(),
  /** Rows the step's read left out because the vault could not read them: where they are, never what they held. */
  damaged: z
    .strictObject({
      count: z.number().int().positive(),
      rows: z.array(z.strictObject({ table: Text(40), id: Text(256) })).max(32),
    })
    .optional(),
});

export const StepStateSchema = z.strictObject({
  stepRef: Text(64),
  planIndex: z.number().int().nonnegative(),
  item: z.unknown().optional(),
  status: z.enum(['pending', 'executing', 'done', 'skipped', 'refused']),
  /** Choices the person made for this step: arg → address. */
  chosen: z.record(z.string(), Text(200)),
  /** Values the person typed into a data prompt for this step: arg → text. */
  answers: z.record(z.string(), Text(500)),
  mandateHash: DigestSchema.optional(),
  approvals: z.array(z.strictObject({ approver: AddressSchema, signature: SignatureSchema })).max(16),
  effectKey: DigestSchema.optional(),
  txHash: DigestSchema.optional(),
  result: StepResultSchema.optional(),
  receiptId: Text(120).optional(),
  parties: z.array(PartyRef).max(16),
  /** Declared effects emitted after the receipt, each isolated: a failed effect never fails the act. */
  effects: z
    .array(z.strictObject({ effect: Text(120), status: z.enum(['emitted', 'failed']), error: Text(300).optional() }))
    .max(16),
  /** How authority was presented for this step, for the receipt and the done reply's decisions. */
  presentedRef: Text(80).optional(),
  obligations: z.array(Text(64)).max(8),
  /** A step routed to another agent (../execute/route.ts): the room, and its run once the room has one. */
  routed: z.strictObject({ room: AddressSchema, name: Text(120), runRef: Text(80).optional() }).optional(),
});
export type StepState = z.infer<typeof StepStateSchema>;

const Option = z.strictObject({ value: Text(200), label: Text(300) });
export const PendingSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('authority'),
    resumeToken: DigestSchema,
    stepRef: Text(64),
    bindingDigest: DigestSchema,
    /**
     * The requirement exactly as the reply put it before the person: what the popup shows and what signing binds to,
     * read from here so that showing it never takes a harness turn (a turn would carry out the act if a mandate for
     * it is already stored). Absent only in checkpoints written before it was kept: those are asked again.
     */
    requirement: Requirement.optional(),
    /** Later steps' requirements from the same delegator, listed in the reply's alsoApprove (../authority/also-approve.ts). */
    also: z.array(Requirement).max(8).optional(),
  }),
  z.strictObject({
    kind: z.literal('approval'),
    resumeToken: DigestSchema,
    stepRef: Text(64),
    approvalDigest: DigestSchema,
    /**
     * The signature prompt as the reply put it (its sentence, the approver set, the quorum, who has approved) and the
     * requirement the approval digest is over: what the popup shows to export the approval request and import a
     * co-signature, read from here — never by taking a turn. Absent in checkpoints written before they were kept.
     */
    text: Text(4000).optional(),
    approvers: z.array(AddressSchema).max(16).optional(),
    quorum: z.number().int().positive().optional(),
    have: z.array(AddressSchema).max(16).optional(),
    requirement: Requirement.optional(),
  }),
  z.strictObject({
    kind: z.literal('data'),
    resumeToken: DigestSchema,
    /** 'plan': admission dropped these args (they fill the plan); 'step': resolution found no one by that name. */
    scope: z.enum(['plan', 'step']),
    stepRef: Text(64).nullable(),
    fields: z
      .array(
        z.strictObject({
          stepIndex: z.number().int().nonnegative(),
          arg: Text(64),
          argKind: Text(32),
          label: Text(200),
          reason: Text(500),
        }),
      )
      .min(1)
      .max(8),
  }),
  z.strictObject({
    kind: z.literal('choice'),
    resumeToken: DigestSchema,
    purpose: z.enum(['party', 'skill']),
    stepRef: Text(64).nullable(),
    arg: Text(64),
    word: Text(200),
    options: z.array(Option).min(2).max(12),
  }),
]);
export type Pending = z.infer<typeof PendingSchema>;

export const RunStateSchema = z.strictObject({
  schemaVersion: z.literal(1),
  runRef: Text(80),
  status: z.enum(['running', 'awaiting', 'answered', 'done', 'refused']),
  addressee: AddressSchema,
  asker: AddressSchema,
  door: z.strictObject({
    kind: z.enum(['session', 'ask-as-me', 'routed']),
    origin: Text(300).optional(),
    wireHash: DigestSchema.optional(),
    /** An app's run: the app's name as its card said, so the person is shown whose words started it. */
    app: Text(80).optional(),
    /** A routed run: the agent that routed the step here, and the run and step it came from. */
    router: AddressSchema.optional(),
    fromRun: Text(80).optional(),
    fromStep: Text(64).optional(),
  }),
  surface: AskSurface,
  words: Text(4000),
  /** The person's own answers to data prompts: part of their words for admission, never material. */
  answered: z.array(Text(500)).max(32),
  material: z.array(Material).max(8),
  createdAt: z.number(),
  updatedAt: z.number(),
  expiresAt: z.number(),
  playbook: z.strictObject({ archetypeId: Text(120), version: Text(40), digest: DigestSchema }).nullable(),
  ontologyDigest: DigestSchema,
  intent: z.strictObject({ outcome: z.strictObject({ class: Text(120) }).nullable(), digest: DigestSchema }),
  plan: PlanSchema.nullable(),
  planDigest: DigestSchema.nullable(),
  plannedBy: z.enum(['compiled', 'judgment', 'model', 'rule-based', 'supplied', 'routed']).nullable(),
  /** A skill the person chose when asked to clarify. */
  skillChoice: Text(120).nullable(),
  steps: z.array(StepStateSchema).max(64),
  pending: PendingSchema.nullable(),
  /**
   * Why the run waits when it waits on another agent (a `waiting` reply: HeartCoach did not answer): whom, and the
   * reply's sentence — so the kept question can be listed and found again after the face that asked it was closed.
   */
  waiting: z.strictObject({ on: Text(200), text: Text(2000) }).optional(),
  trace: PlannerTrace,
  reply: HarnessReply.nullable(),
});
export type RunState = z.infer<typeof RunStateSchema>;

export const newStepState = (stepRef: string, planIndex: number, item?: unknown): StepState => ({
  stepRef,
  planIndex,
  ...(item !== undefined ? { item } : {}),
  status: 'pending',
  chosen: {},
  answers: {},
  approvals: [],
  parties: [],
  effects: [],
  obligations: [],
});
