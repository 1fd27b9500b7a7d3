import { z } from 'zod';
import type { Material } from '../../protocol/ask';
import type { TypedReading } from '../ground/reading';
import type { ToolSpec } from './tool-spec';

export type { ToolSpec } from './tool-spec';

/**
 * The model, as the harness may ask it things (seed 001 steps 4, 5, 9, 10). Five questions, each with a typed
 * request and a response the harness validates with the schemas below — a model's answer is untrusted input, and
 * one that does not parse is a refused judgement, never a guess.
 *
 * The judgement issue fills this with an Anthropic adapter (src/adapters/): the judge and plan-choice calls on the
 * light tier with the skill cards and option lists as the cacheable prefix, the planner with the playbook doctrine
 * and fixed rules cached, the composer and skill-apply on the composing tier. Every response reports its usage,
 * which the harness records into plannerTrace.calls. Material is always passed as quoted material, separately from
 * the person's words, so an adapter can mark it untrusted in the prompt.
 */
export interface ModelPort {
  /** The provider's name ('anthropic', 'scripted'), recorded in plannerTrace. */
  readonly provider: string;
  /** "Which ONE offered skill should handle this request?" → a probability distribution over the options. */
  judgeSkills(request: JudgeRequest): Promise<JudgeResponse>;
  /** "A two-step plan only if the request wants BOTH results" → a distribution over the enumerated plans. */
  choosePlan(request: PlanChoiceRequest): Promise<PlanChoiceResponse>;
  /** The planner over the offered tools (no skill chosen). */
  plan(request: PlannerRequest): Promise<PlannerResponse>;
  /** The grounded composer over the run's observations. */
  compose(request: ComposeRequest): Promise<ComposeResponse>;
  /** An instruction skill applied once, its body pinned by digest. */
  applySkill(request: SkillApplyRequest): Promise<SkillApplyResponse>;
}

export const ModelUsageSchema = z.strictObject({
  model: z.string().min(1).max(120),
  inputTokens: z.number().int().nonnegative(),
  cachedInputTokens: z.number().int().nonnegative().default(0),
  outputTokens: z.number().int().nonnegative(),
  /** An estimate in US dollars from the adapter's price table (not a bill); absent when the adapter has no price. */
  costUsd: z.number().nonnegative().optional(),
});
export type ModelUsage = z.infer<typeof ModelUsageSchema>;

/** One option the judge may pick: a skill card (purpose · Produces · Not for), or `n/a`. */
export type JudgeOption = { id: string; card: string };
export const NOT_APPLICABLE = 'n/a';

/**
 * Optional controls on any call; none changes what the model is asked. `signal` cancels the call (the person
 * closed the panel, a newer ask replaced this one); an adapter answers a cancelled call by throwing.
 */
export type CallControls = { signal?: AbortSignal };
/**
 * Streaming, for the two calls whose text the person reads: each piece of text as it arrives. Display only — the
 * response's text is what the harness checks and keeps, and a recompose or fallback may replace what was shown.
 */
export type StreamControls = CallControls & { onText?: (delta: string) => void };

export type JudgeRequest = {
  profile: 'fast' | 'thorough';
  /** The person's words, verbatim. */
  question: string;
  reading: TypedReading;
  /** The offered skills' cards, then `n/a` (the cacheable prefix). */
  options: readonly JudgeOption[];
  material: readonly Material[];
} & CallControls;

const Distribution = z.record(z.string().min(1).max(120), z.number().min(0).max(1));
export const JudgeResponseSchema = z.strictObject({ distribution: Distribution, usage: ModelUsageSchema });
export type JudgeResponse = z.input<typeof JudgeResponseSchema>;

export type PlanOption = { id: string; tools: readonly string[]; summary: string; missing: readonly string[] };
export type PlanChoiceRequest = {
  question: string;
  reading: TypedReading;
  pick: string;
  options: readonly PlanOption[];
} & CallControls;
export const PlanChoiceResponseSchema = z.strictObject({ distribution: Distribution, usage: ModelUsageSchema });
export type PlanChoiceResponse = z.input<typeof PlanChoiceResponseSchema>;

export type PlannerRequest = {
  question: string;
  /** The playbook's doctrine (the text above "## How each act is done"); empty on a bare harness. */
  doctrine: string;
  /** The fixed planner rules (fan-out, $when, $executor, never invent an amount or a recipient). */
  rules: readonly string[];
  tools: readonly ToolSpec[];
  reading: TypedReading;
  /** "ALREADY granted authority to … do not choose another". */
  heldMandates: readonly string[];
  memory: readonly string[];
  material: readonly Material[];
  /** Set on the one re-plan: what admission refused the first time, in words. */
  violations: readonly string[];
} & CallControls;
/** The plan is parsed by the harness with PlanSchema; here it is only required to be an object. */
export const PlannerResponseSchema = z.strictObject({
  plan: z.record(z.string(), z.unknown()),
  usage: ModelUsageSchema,
});
export type PlannerResponse = z.input<typeof PlannerResponseSchema>;

/** What a step observed, as the composer may cite it. Outside agents' words carry their attribution. */
export type Observation = {
  id: string;
  toolId: string;
  source: 'vault' | 'chain' | 'outside-agent' | 'instruction-skill' | 'template';
  attribution?: string;
  text: string;
};
export type ComposeRequest = {
  question: string;
  observations: readonly Observation[];
  brief: boolean;
  material: readonly Material[];
  /** Set on the one recompose: what the grounding check found wrong. */
  problems: readonly string[];
} & StreamControls;
export const ComposeResponseSchema = z.strictObject({
  text: z.string().min(1).max(8000),
  citations: z.array(z.string().max(64)).max(32),
  usage: ModelUsageSchema,
});
export type ComposeResponse = z.input<typeof ComposeResponseSchema>;

export type SkillApplyRequest = {
  skillId: string;
  /** The skill's body, already checked against its pinned digest by the harness. */
  body: string;
  bodyDigest: `0x${string}`;
  question: string;
  /** Earlier steps' outputs this skill consumes. */
  inputs: readonly Observation[];
  material: readonly Material[];
  maxTokens: number;
} & StreamControls;
export const SkillApplyResponseSchema = z.strictObject({
  text: z.string().min(1).max(12_000),
  usage: ModelUsageSchema,
});
export type SkillApplyResponse = z.input<typeof SkillApplyResponseSchema>;

export type ModelRole = 'judge' | 'plan-choice' | 'planner' | 'composer' | 'skill-apply';
