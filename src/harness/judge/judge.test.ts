import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../kernel/model-port';
import { newTrace } from '../kernel/trace';
import { demoContext } from '../testing/context';
import { distribution, scriptedModel } from '../testing/scripted-model';
import { buildTools } from '../tools/tools';
import { loadPlaybook } from '../playbook/playbook';
import { typedReading } from '../ground/reading';
import { judgeSkill, skillCard } from './judge';
import type { ModelScript } from '../testing/scripted-model';

async function judge(script: ModelScript, settings = {}) {
  const model = scriptedModel(script);
  const { ctx, world } = await demoContext({ model, settings });
  const playbook = await loadPlaybook(ctx, { addressee: world.who.missio });
  const tools = buildTools(ctx.ontology, playbook.kind === 'playbook' ? playbook.scope : null);
  const words = 'Is our intake screening model okay to keep using?';
  const reading = typedReading({ words, ontology: ctx.ontology, tools, relation: 'steward', outcome: null });
  const trace = newTrace();
  const outcome = await judgeSkill(ctx, { words, reading, tools, material: [], trace });
  return { outcome, trace, model };
}

describe('judgeSkill (seed 001 step 4)', () => {
  it('asks once over the skills’ cards plus n/a and accepts by the rule', async () => {
    const { outcome, trace, model } = await judge({
      judge: [distribution({ 'model-risk-check': 0.8, [NOT_APPLICABLE]: 0.2 })],
    });
    expect(outcome).toEqual({ kind: 'chosen', toolId: 'model-risk-check' });
    const request = model.calls[0]!.request as { options: { id: string; card: string }[] };
    expect(request.options.at(-1)!.id).toBe(NOT_APPLICABLE);
    expect(request.options.find((o) => o.id === 'grant-inquiry-letter')!.card).toMatch(/Produces: inquiry-letter/);
    expect(trace.selection).toMatchObject({ arm: 'fast', outcome: 'chosen', choice: 'model-risk-check' });
    expect(trace.calls).toEqual([expect.objectContaining({ role: 'judge', outcome: 'ok', provider: 'scripted' })]);
  });

  it('asks in the profile the estate set (fast unless told) and records it in the trace', async () => {
    const fast = await judge({ judge: [distribution({ 'model-risk-check': 0.8, [NOT_APPLICABLE]: 0.2 })] });
    expect((fast.model.calls[0]!.request as { profile: string }).profile).toBe('fast');
    expect(fast.trace.selection).toMatchObject({ arm: 'fast', profile: 'fast' });
    const thorough = await judge(
      { judge: [distribution({ 'model-risk-check': 0.8, [NOT_APPLICABLE]: 0.2 })] },
      { judgeProfile: 'thorough' },
    );
    expect((thorough.model.calls[0]!.request as { profile: string }).profile).toBe('thorough');
    expect(thorough.trace.selection).toMatchObject({
      arm: 'thorough',
      profile: 'thorough',
      outcome: 'chosen',
      choice: 'model-risk-check',
    });
  });

  it('a judgement that does not parse, or names an unoffered option, is refused and hands the ask to the planner', async () => {
    for (const bad of [
      { distribution: { nope: 1 }, usage: { model: 'm', inputTokens: 1, outputTokens: 1 } },
      { text: 'the first one' },
    ]) {
      const { outcome, trace } = await judge({ judge: [bad as never] });
      expect(outcome).toEqual({ kind: 'handed-to-planner' });
      expect(trace.selection?.outcome).toBe('refused-judgement');
    }
  });

  it('re-asks once inside the borderline band and decides on the average', async () => {
    const { outcome, trace, model } = await judge({
      judge: [
        distribution({ 'model-risk-check': 0.55, 'intake-screening-model-review': 0.35, [NOT_APPLICABLE]: 0.1 }),
        distribution({ 'model-risk-check': 0.75, 'intake-screening-model-review': 0.15, [NOT_APPLICABLE]: 0.1 }),
      ],
    });
    expect(model.count('judge')).toBe(2);
    expect(trace.selection?.distributions).toHaveLength(3);
    expect(trace.selection?.distributions[2]!['model-risk-check']).toBeCloseTo(0.65, 10);
    expect(outcome).toEqual({ kind: 'chosen', toolId: 'model-risk-check' });
  });

  it('cites the calibration map on a conformal decision', async () => {
    const calibration = { digest: `0x${'22'.repeat(32)}` as const, temperature: 1, qHat: 0.5 };
    const { trace } = await judge(
      { judge: [distribution({ 'model-risk-check': 0.9, [NOT_APPLICABLE]: 0.1 })] },
      { calibration },
    );
    expect(trace.selection).toMatchObject({
      arm: 'conformal',
      calibrationDigest: calibration.digest,
      outcome: 'chosen',
    });
  });

  it('cards carry purpose, produces and exclusions', async () => {
    const { ctx } = await demoContext();
    const tools = buildTools(ctx.ontology, {
      archetypeId: 'o',
      archetypeVersion: '1',
      digest: `0x${'00'.repeat(32)}`,
      capabilityIds: [],
      skillIds: ['funding-tracker-update'],
      instructions: '',
      specialists: [],
      declaredEffects: [],
    });
    expect(skillCard(tools.get('funding-tracker-update')!)).toMatch(/Not for: /);
  });
});
