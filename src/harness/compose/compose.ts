import type { Material } from '../../protocol/ask';
import type { PlannerTrace, ResultRow } from '../../protocol/harness-reply';
import type { HarnessContext } from '../kernel/context';
import type { OntologyView } from '../kernel/ontology-view';
import { ComposeResponseSchema, type Observation } from '../kernel/model-port';
import { callModel } from '../kernel/model-call';
import { checkGroundedComposition, groundedFallback } from './grounded';

/**
 * Step 10 — answer. ask.unsupported is a fixed sentence; when every step answered by a template or a built-in
 * renderer the answer is rendered, no composer call; otherwise the grounded composer through the model port,
 * checked, one recompose, then the grounded fallback. Outside agents' words are attributed, always.
 */
export type Composed = {
  text: string;
  results?: ResultRow[];
  attributions: { source: string; text: string }[];
  composedBy: 'template' | 'composer' | 'fallback';
};

/** The fixed sentence of ask.unsupported: the ontology's answer template, with the question quoted. */
export function unsupportedSentence(ontology: OntologyView, words: string): string {
  const question = words.length > 160 ? `${words.slice(0, 157)}…` : words;
  const template = ontology.capabilities['ask.unsupported']?.answerTemplate;
  return template !== undefined
    ? template.replaceAll('{question}', question)
    : `I can't help with that: "${question}" is not something this agent knows how to do. Say "help" to hear what it can do.`;
}

export const NO_PLAYBOOK_SENTENCE = 'This agent has no playbook for that.';

export type ComposeStep = { observation: Observation; templated: boolean; rows?: ResultRow[] };

export async function composeAnswer(
  ctx: HarnessContext,
  input: { words: string; steps: readonly ComposeStep[]; material: readonly Material[]; trace: PlannerTrace },
): Promise<Composed> {
  const observations = input.steps.map((s) => s.observation);
  const attributions = observations
    .filter((o) => o.attribution !== undefined)
    .map((o) => ({ source: o.attribution!, text: o.text.slice(0, 4000) }));
  const rows = input.steps.flatMap((s) => s.rows ?? []);
  const results = rows.length > 0 ? rows.slice(0, 500) : undefined;
  const base = { attributions, ...(results !== undefined ? { results } : {}) };
  if (input.steps.every((s) => s.templated) || ctx.model === null) {
    return {
      ...base,
      text: groundedFallback(observations),
      composedBy: input.steps.every((s) => s.templated) ? 'template' : 'fallback',
    };
  }
  let problems: string[] = [];
  for (let round = 0; round < 2; round++) {
    const res = await callModel(ctx, input.trace, 'composer', ComposeResponseSchema, (m) =>
      m.compose({
        question: input.words,
        observations,
        brief: input.words.length < 80,
        material: input.material,
        problems,
      }),
    );
    if (!res.ok) break;
    problems = checkGroundedComposition({
      text: res.value.text,
      citations: res.value.citations,
      observations,
      words: input.words,
    });
    if (problems.length === 0) return { ...base, text: res.value.text, composedBy: 'composer' };
  }
  return { ...base, text: groundedFallback(observations), composedBy: 'fallback' };
}
