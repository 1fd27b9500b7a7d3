import type { Material } from '../../protocol/ask';
import type { PlannerTrace, SelectionTrace } from '../../protocol/harness-reply';
import type { HarnessContext } from '../kernel/context';
import type { TypedReading } from '../ground/reading';
import { JudgeResponseSchema, NOT_APPLICABLE, type JudgeOption } from '../kernel/model-port';
import { callModel } from '../kernel/model-call';
import { skillTools, type Tool, type ToolIndex } from '../tools/tools';
import { acceptConformal, acceptDistribution, checkDistribution, type Acceptance } from './accept';

/**
 * Step 4 — judge which skill. One call, one question, to the light-tier model: "Which ONE offered skill
 * should handle this request?" over one-line cards plus n/a; the answer is a distribution and nothing else; a
 * declared rule accepts. "Selection never permits anything": the chosen step still meets every gate. The decision
 * (arm, candidates, distributions, choice, rule) is recorded in the trace and on the receipts.
 */
export type JudgeOutcome =
  { kind: 'chosen'; toolId: string } | { kind: 'clarify'; options: string[] } | { kind: 'handed-to-planner' };

export const NOT_APPLICABLE_CARD =
  'No offered skill fits: the request is out of scope, merely adjacent to a skill, or too small or personal for any of them.';

/** The judge's card for a skill: one line of purpose, Produces: …, Not for: … (from covers and excludes). */
export function skillCard(tool: Tool): string {
  const s = tool.skill;
  if (s === null) return tool.capability.description;
  const produces = s.produces.length > 0 ? ` Produces: ${s.produces.join(', ')}.` : '';
  const notFor = s.excludes.length > 0 ? ` Not for: ${s.excludes.join(', ')}.` : '';
  return `${s.purpose}.${produces}${notFor} Covers: ${s.covers.join(', ')}.`;
}

/** Whether the estate runs the judge for this ask (seed 001 step 4's three conditions, and a model to ask). */
export const judgeApplies = (ctx: HarnessContext, tools: ToolIndex): boolean =>
  ctx.model !== null && ctx.settings.selection === 'selective' && skillTools(tools).length > 0;

export async function judgeSkill(
  ctx: HarnessContext,
  input: { words: string; reading: TypedReading; tools: ToolIndex; material: readonly Material[]; trace: PlannerTrace },
): Promise<JudgeOutcome> {
  const skills = skillTools(input.tools);
  const options: JudgeOption[] = [
    ...skills.map((t) => ({ id: t.id, card: skillCard(t) })),
    { id: NOT_APPLICABLE, card: NOT_APPLICABLE_CARD },
  ];
  const ids = options.map((o) => o.id);
  const ask = async () => {
    const res = await callModel(ctx, input.trace, 'judge', JudgeResponseSchema, (m) =>
      m.judgeSkills({
        profile: ctx.settings.judgeProfile,
        question: input.words,
        reading: input.reading,
        options,
        material: input.material,
      }),
    );
    if (!res.ok) return { ok: false as const, reason: res.reason };
    return checkDistribution(res.value.distribution, ids);
  };
  const distributions: Record<string, number>[] = [];
  const first = await ask();
  let acceptance: Acceptance;
  if (!first.ok) {
    acceptance = { outcome: 'refused-judgement', rule: first.reason };
  } else {
    distributions.push(first.normalized);
    let d = first.normalized;
    const top = Math.max(...Object.values(d));
    const [lo, hi] = ctx.settings.borderlineBand;
    if (ctx.settings.borderline && ctx.settings.calibration === null && top >= lo && top <= hi) {
      const again = await ask();
      if (again.ok) {
        distributions.push(again.normalized);
        d = Object.fromEntries(ids.map((id) => [id, ((first.normalized[id] ?? 0) + (again.normalized[id] ?? 0)) / 2]));
        distributions.push(d);
      }
    }
    acceptance =
      ctx.settings.calibration !== null
        ? acceptConformal(d, ctx.settings.calibration)
        : acceptDistribution(d, ctx.settings);
  }
  input.trace.selection = selectionTrace(ctx, ids, distributions, acceptance);
  if (acceptance.outcome === 'chosen') return { kind: 'chosen', toolId: acceptance.choice };
  if (acceptance.outcome === 'clarify') return { kind: 'clarify', options: acceptance.options };
  return { kind: 'handed-to-planner' };
}

function selectionTrace(
  ctx: HarnessContext,
  ids: string[],
  distributions: Record<string, number>[],
  a: Acceptance,
): SelectionTrace {
  const calibration = ctx.settings.calibration;
  return {
    arm: calibration !== null ? 'conformal' : ctx.settings.judgeProfile,
    profile: ctx.settings.judgeProfile,
    candidates: ids.slice(0, 64),
    distributions: distributions.slice(0, 3),
    outcome: a.outcome,
    choice: a.outcome === 'chosen' ? a.choice : null,
    options: a.outcome === 'clarify' ? a.options : [],
    rule: a.rule.slice(0, 300),
    ...(calibration !== null ? { calibrationDigest: calibration.digest } : {}),
  };
}
