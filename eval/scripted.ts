import { NOT_APPLICABLE } from '../src/harness';
import { ScriptedModel, ZERO_USAGE } from '../src/harness/testing';

/**
 * The scripted-model path of `npm run eval`: a stand-in for a configured model, so the figures show what the
 * harness does when a model IS configured (every ask that no grounded frame says reaches the judge) without a
 * hosted model. It knows nothing a case's gold label says: the judge puts its mass on the offered skills whose
 * declared terms the typed reading found (one → that skill; two → an even split, which the rule makes a question;
 * none → n/a); the planner plans nothing (ask.unsupported); the composer repeats what the steps observed; a skill
 * answers "A draft.". These figures measure the harness's plumbing with a model, never how well a model judges.
 */
export function evalScriptedModel(): ScriptedModel {
  return new ScriptedModel(
    {
      judge: [
        (r) => {
          const named = r.options.map((o) => o.id).filter((id) => r.reading.toolsNamed.includes(id));
          const distribution: Record<string, number> =
            named.length === 0 || named.length > 2
              ? { [NOT_APPLICABLE]: 1 }
              : Object.fromEntries(named.map((id) => [id, 1 / named.length]));
          for (const o of r.options) distribution[o.id] ??= 0;
          return { distribution, usage: { ...ZERO_USAGE } };
        },
      ],
      planChoice: [
        (r) => ({
          distribution: Object.fromEntries(r.options.map((o, i) => [o.id, i === 0 ? 1 : 0])),
          usage: { ...ZERO_USAGE },
        }),
      ],
      planner: [
        (r) => ({
          plan: { steps: [{ toolId: 'ask.unsupported', args: { question: r.question } }] },
          usage: { ...ZERO_USAGE },
        }),
      ],
      composer: [
        (r) => ({
          text:
            r.observations
              .map((o) => o.text)
              .join('\n')
              .slice(0, 8000) || 'Done.',
          citations: r.observations.map((o) => o.id).slice(0, 32),
          usage: { ...ZERO_USAGE },
        }),
      ],
      skill: [() => ({ text: 'A draft.', usage: { ...ZERO_USAGE } })],
    },
    true,
  );
}
