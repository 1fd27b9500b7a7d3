import { describe, expect, it } from 'vitest';
import { GENERATED_ONTOLOGY } from '../kernel/ontology';
import { NOT_APPLICABLE } from '../kernel/model-port';
import type { OntologyView } from '../kernel/ontology-view';
import type { HarnessSettings } from '../kernel/settings';
import { memoryWorld } from '../testing/memory-world';
import { REGRESSION_SCENARIOS } from '../testing/regression-scenarios';
import { distribution, scriptedModel, textAnswer, type ModelScript } from '../testing/scripted-model';
import { expectKind, replyOf, type Scenario } from '../testing/scenario';

/**
 * Plan regression through the run loop over the in-memory world: the shipped ontology's scenarios (the gift a
 * thank-you needs is the person's to give), and the producer path — an estate whose funding tracker cannot do
 * without the inquiry letter gets the letter's step prepended to an ask that names only the tracker entry.
 */
const modelFor = (s: Scenario) => (s.model === 'none' || s.model === 'throwing' ? null : scriptedModel(s.model));

describe('plan regression (in-memory world)', () => {
  for (const scenario of REGRESSION_SCENARIOS) {
    it(`${scenario.id} ${scenario.title}`, async () => {
      const world = await memoryWorld({
        model: modelFor(scenario),
        ontology: GENERATED_ONTOLOGY,
        ...(scenario.settings !== undefined ? { settings: scenario.settings } : {}),
      });
      await scenario.run(world, expect);
    });
  }
});

/** The shipped ontology, with the tracker declared as needing the letter (the producer path's fixture). */
function trackerNeedsLetter(o: OntologyView): OntologyView {
  const tracker = o.capabilities['funding-tracker-update']!;
  return { ...o, capabilities: { ...o.capabilities, [tracker.id]: { ...tracker, needs: ['inquiry-letter'] } } };
}

const script = (): ModelScript => ({
  judge: [(r) => distribution({ [r.options.find((o) => /tracker/.test(o.id))!.id]: 0.9, [NOT_APPLICABLE]: 0.1 })],
  skill: [
    textAnswer('Dear Marlow Foundation, …'),
    (r) => textAnswer(`Tracker entry from: ${r.inputs[0]?.text.slice(0, 40) ?? 'nothing'}`),
  ],
});
const ASK = 'Put the Marlow Foundation on our funding tracker.';

async function trackerWorld(settings: Partial<HarnessSettings>) {
  return memoryWorld({
    model: scriptedModel(script()),
    ontology: trackerNeedsLetter(GENERATED_ONTOLOGY),
    settings: { planChoice: 'single', ...settings },
  });
}

describe('plan regression: producers prepended (in-memory world)', () => {
  it('prepends the letter the tracker needs and binds the tracker to it', async () => {
    const w = await trackerWorld({});
    const reply = expectKind(replyOf(await w.ask({ message: ASK, to: w.who.missio })), 'answer');
    expect(reply.plannerTrace.notes.join('\n')).toMatch(/plan regression: grant-inquiry-letter prepended/);
    expect(w.model!.count('skill-apply')).toBe(2);
    expect(reply.text).toMatch(/Tracker entry from: Here is the draft inquiry letter/);
  });

  it('off: the tracker runs alone, as before', async () => {
    const w = await trackerWorld({ planRegression: 'off' });
    const reply = expectKind(replyOf(await w.ask({ message: ASK, to: w.who.missio })), 'answer');
    expect(w.model!.count('skill-apply')).toBe(1);
    expect(reply.text).toMatch(/Dear Marlow Foundation/);
  });
});
