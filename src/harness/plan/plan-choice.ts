import type { PlannerTrace } from '../../protocol/harness-reply';
import type { HarnessContext } from '../kernel/context';
import type { TypedReading } from '../ground/reading';
import { PlanChoiceResponseSchema } from '../kernel/model-port';
import { checkDistribution } from '../judge/accept';
import { callModel } from '../kernel/model-call';
import type { Plan, PlanStep } from './plan-schema';
import type { PlanAround } from './plan-around';
import type { ToolIndex } from '../tools/tools';

/**
 * The plan-choice judge (ap.plan-choice-judge.v1): "a two-step plan only if the request wants BOTH results (or
 * needs the first to make the second)". One call over the enumerated plans; the top option is taken; a failed or
 * unparsable answer, or no model, keeps the pick alone — the smallest plan that answers.
 */
export async function choosePlanAround(
  ctx: HarnessContext,
  input: { words: string; reading: TypedReading; pick: string; options: PlanAround[]; trace: PlannerTrace },
): Promise<PlanAround> {
  const alone = input.options[0]!;
  if (input.options.length === 1 || ctx.settings.planChoice !== 'choice' || ctx.model === null) {
    record(
      input,
      null,
      alone,
      input.options.length === 1 ? 'one plan around the pick' : 'plan-choice off: the pick alone',
    );
    return alone;
  }
  const summaries = input.options.map((o) => ({
    id: o.id,
    tools: o.tools,
    missing: o.missing,
    summary: o.tools.join(' → '),
  }));
  const res = await callModel(ctx, input.trace, 'plan-choice', PlanChoiceResponseSchema, (m) =>
    m.choosePlan({ question: input.words, reading: input.reading, pick: input.pick, options: summaries }),
  );
  const checked = res.ok
    ? checkDistribution(
        res.value.distribution,
        input.options.map((o) => o.id),
      )
    : res;
  if (!checked.ok) {
    record(input, null, alone, `plan-choice refused (${checked.reason}): the pick alone`);
    return alone;
  }
  const ranked = Object.entries(checked.normalized).sort((a, b) => b[1] - a[1]);
  const top = input.options.find((o) => o.id === ranked[0]![0]) ?? alone;
  record(input, checked.normalized, top, `top plan ${top.id} (${ranked[0]![1].toFixed(2)})`);
  return top;
}

function record(
  input: { options: PlanAround[]; trace: PlannerTrace },
  distribution: Record<string, number> | null,
  choice: PlanAround,
  rule: string,
) {
  input.trace.planChoice = {
    options: input.options
      .slice(0, 8)
      .map((o) => ({ id: o.id, tools: o.tools.slice(0, 4), missing: o.missing.slice(0, 8) })),
    distribution,
    choice: choice.id,
    rule,
  };
}

/** A chosen chain as a plan: each skill gets the question; a consumer gets the previous step's output as input. */
export function chainPlan(option: PlanAround, words: string, tools: ToolIndex): Plan {
  return {
    steps: option.tools.map((toolId, i): PlanStep => {
      const question = tools.get(toolId)?.capability.args.find((a) => a.kind === 'question')?.name ?? 'question';
      const material = tools.get(toolId)?.capability.args.find((a) => a.kind === 'text')?.name;
      const args: PlanStep['args'] = { [question]: words };
      if (i > 0 && material !== undefined) args[material] = { $ref: `s${i}` };
      return { id: `s${i + 1}`, toolId, args };
    }),
    rationale: `planned around the chosen skill (${option.id})`,
  };
}
