import { z } from 'zod';
import { DigestSchema } from './ask';
import { PartyRef } from './party-ref';

/** What the harness tells a person about how it decided: the model calls, selections and rule checks of a run. */
const Json: z.ZodType<unknown> = z.unknown();
const Text = (max = 2000) => z.string().max(max);

export const ModelCallTrace = z.strictObject({
  role: z.enum(['judge', 'plan-choice', 'planner', 'composer', 'skill-apply']),
  provider: Text(64),
  model: Text(120),
  inputTokens: z.number().int().nonnegative(),
  cachedInputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** The adapter's estimate in US dollars from its price table (not a bill); absent when it has no price. */
  costUsd: z.number().nonnegative().optional(),
  ms: z.number().nonnegative(),
  outcome: z.enum(['ok', 'invalid', 'failed']),
  note: Text(300).optional(),
});
export type ModelCallTrace = z.infer<typeof ModelCallTrace>;

export const SelectionTrace = z.strictObject({
  arm: z.enum(['fast', 'thorough', 'conformal']),
  /** The judge's profile the estate set (under the conformal arm too, where `arm` names the acceptance rule). */
  profile: z.enum(['fast', 'thorough']).optional(),
  candidates: z.array(Text(120)).max(64),
  distributions: z.array(z.record(z.string(), z.number())).max(3),
  outcome: z.enum(['chosen', 'clarify', 'none-fits', 'below-floor', 'no-margin', 'refused-judgement', 'decline']),
  choice: Text(120).nullable(),
  options: z.array(Text(120)).max(12),
  rule: Text(300),
  calibrationDigest: DigestSchema.optional(),
});
export type SelectionTrace = z.infer<typeof SelectionTrace>;

export const Violation = z.strictObject({
  rule: Text(64),
  stepIndex: z.number().int().nonnegative().nullable(),
  arg: Text(64).optional(),
  message: Text(500),
  recovery: z.enum(['continue', 'ask', 'refuse', 'replan']),
});
export type Violation = z.infer<typeof Violation>;

/** Which stage decided what (seed 001 §2, §3 step 12). */
export const PlannerTrace = z.strictObject({
  plannerUsed: z.enum(['compiled', 'scope', 'judgment', 'model', 'rule-based', 'supplied', 'routed', 'replay', 'none']),
  provider: Text(64).optional(),
  shape: Text(64).optional(),
  scope: z.enum(['in', 'nothing-named']).optional(),
  openIntent: z
    .strictObject({ class: Text(120), bounds: Json.optional() })
    .nullable()
    .optional(),
  skillStage: z.enum(['chosen', 'clarify', 'handed-to-planner', 'skipped', 'declined']).optional(),
  selection: SelectionTrace.optional(),
  planChoice: z
    .strictObject({
      options: z
        .array(z.strictObject({ id: Text(64), tools: z.array(Text(120)).max(4), missing: z.array(Text(120)).max(8) }))
        .max(8),
      distribution: z.record(z.string(), z.number()).nullable(),
      choice: Text(64),
      rule: Text(300),
    })
    .optional(),
  admission: z
    .array(
      z.strictObject({
        round: z.number().int(),
        verdict: z.enum(['continue', 'ask', 'refuse', 'replan']),
        violations: z.array(Violation).max(32),
      }),
    )
    .max(4),
  resolutions: z.array(PartyRef.extend({ stepRef: Text(64) })).max(32),
  authority: z
    .array(
      z.strictObject({
        stepRef: Text(64),
        presentedRef: Text(80),
        outcome: z.enum([
          'informational',
          'self',
          'allow',
          'authority-required',
          'approval-required',
          'deny',
          'routed',
        ]),
        obligations: z.array(Text(64)).max(8),
        code: Text(64).optional(),
      }),
    )
    .max(32),
  calls: z.array(ModelCallTrace).max(32),
  notes: z.array(Text(300)).max(16),
  /** Rows a step's read left out because the vault could not read them (the answer says so in words). */
  damaged: z
    .array(z.strictObject({ stepRef: Text(64), table: Text(40), id: Text(256) }))
    .max(32)
    .optional(),
});
export type PlannerTrace = z.infer<typeof PlannerTrace>;
