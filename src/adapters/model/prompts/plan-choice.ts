import { z } from 'zod';
import type { PlanChoiceRequest, PlanChoiceResponse } from '../../../harness';
import type { Runtime } from '../messages-call';
import { structuredCall } from '../structured';
import { MATERIAL_RULE, quoted, requestBlock } from '../untrusted';
import { distributionJsonSchema, distributionSchema, optionLines } from './distribution';
import { readingBlock } from './reading';

/**
 * The plan-choice judge (ap.plan-choice-judge.v1, seed 001 step 5): among the plans the outcome graph enumerated
 * around the chosen skill — the pick alone, a producer then the pick, the pick then a consumer — "a two-step plan
 * only if the request wants BOTH results (or needs the first to make the second)". The rule is the cached prefix;
 * the options change per ask and follow in the user turn.
 */
export const PLAN_CHOICE_TOOL = 'record_plan_choice';

const RULES = [
  "You choose how much to do for a request at a person's agent. A skill was already chosen for it; the options are plans built around that skill.",
  'Choose a two-step plan only if the request wants BOTH results, or needs the first to make the second. Otherwise choose the chosen skill alone: the smallest plan that answers.',
  'A plan may list inputs it is missing; the person will be asked for them. Never prefer a plan because it invents less or more.',
  `Answer only by calling ${PLAN_CHOICE_TOOL}: a probability for every plan id, summing to 1.`,
  MATERIAL_RULE,
].join('\n');

export async function choosePlan(rt: Runtime, request: PlanChoiceRequest): Promise<PlanChoiceResponse> {
  const ids = request.options.map((o) => o.id);
  const lines = optionLines(
    request.options.map((o) => ({
      id: o.id,
      text: `${o.tools.map(quoted).join(' → ')}${o.missing.length > 0 ? ` (missing: ${o.missing.map(quoted).join(', ')})` : ''}`,
    })),
  );
  const { value, usage } = await structuredCall(rt, {
    role: 'plan-choice',
    tier: 'light',
    system: [{ type: 'text', text: RULES, cache_control: { type: 'ephemeral' } }],
    user: [
      readingBlock(request.reading),
      `The chosen skill: ${quoted(request.pick)}`,
      `The plans:\n${lines}`,
      requestBlock(request.question),
    ].join('\n\n'),
    maxTokens: 200,
    tool: {
      name: PLAN_CHOICE_TOOL,
      description: 'Records which plan to run, as a probability distribution over the plan ids.',
      input_schema: {
        type: 'object',
        properties: { distribution: distributionJsonSchema(ids) },
        required: ['distribution'],
        additionalProperties: false,
      },
    },
    schema: z.strictObject({ distribution: distributionSchema(ids) }),
    what: "The plan-choice judge's answer",
    signal: request.signal,
  });
  return { distribution: value.distribution, usage };
}
