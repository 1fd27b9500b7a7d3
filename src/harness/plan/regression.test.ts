import { describe, expect, it } from 'vitest';
import type { PlanStep } from './plan-schema';
import { regressPlan, type Transition } from './regression';

const transitions: Transition[] = [
  { toolId: 'readings.read', needs: [], produces: ['heart-rate'], carrier: null },
  { toolId: 'coach.summarise', needs: ['heart-rate'], produces: ['summary'], carrier: 'material' },
  { toolId: 'mail.send', needs: ['summary'], produces: ['sent'], carrier: 'body' },
  { toolId: 'thanks.write', needs: ['gift'], produces: ['letter'], carrier: 'material' },
  { toolId: 'letter.post', needs: ['letter'], produces: ['posted'], carrier: 'letter' },
];
const words = 'send my summary';
const stepFor = (toolId: string): PlanStep => ({ toolId, args: { question: words } });
const base = { transitions, supplied: [], words, stepFor };
const tools = (steps: readonly PlanStep[]) => steps.map((s) => s.toolId);

describe('regressPlan', () => {
  it('prepends the producing steps of an outcome-only plan and binds them by $ref', () => {
    const { plan, added, missing } = regressPlan({ ...base, plan: { steps: [stepFor('coach.summarise')] } });
    expect(tools(plan.steps)).toEqual(['readings.read', 'coach.summarise']);
    expect(plan.steps[1]?.args.material).toEqual({ $ref: 's1' });
    expect(added).toEqual(['readings.read']);
    expect(missing).toEqual([]);
  });

  it('names an input nothing produces as missing, never invents it', () => {
    const { plan, missing } = regressPlan({ ...base, plan: { steps: [stepFor('thanks.write')] } });
    expect(tools(plan.steps)).toEqual(['thanks.write']);
    expect(plan.steps[0]?.args.material).toBeUndefined();
    expect(missing).toEqual([{ stepIndex: 0, toolId: 'thanks.write', outcome: 'gift', arg: 'material' }]);
  });

  it('completes a chain two deep, each step bound to the one before', () => {
    const { plan, missing } = regressPlan({ ...base, plan: { steps: [stepFor('mail.send')] } });
    expect(tools(plan.steps)).toEqual(['readings.read', 'coach.summarise', 'mail.send']);
    expect(plan.steps[1]?.args.material).toEqual({ $ref: 's1' });
    expect(plan.steps[2]?.args.body).toEqual({ $ref: 's2' });
    expect(missing).toEqual([]);
  });

  it('never prepends a producer that would itself lack an input: the goal input is asked for', () => {
    const { plan, missing } = regressPlan({ ...base, plan: { steps: [stepFor('letter.post')] } });
    expect(tools(plan.steps)).toEqual(['letter.post']);
    expect(missing).toEqual([{ stepIndex: 0, toolId: 'letter.post', outcome: 'letter', arg: 'letter' }]);
  });

  it('asks rather than pass the step limit', () => {
    const plan = { steps: [stepFor('coach.summarise')] };
    const done = regressPlan({ ...base, plan, maxSteps: 1 });
    expect(done.plan).toBe(plan);
    expect(done.missing).toEqual([{ stepIndex: 0, toolId: 'coach.summarise', outcome: 'heart-rate', arg: 'material' }]);
  });

  it('leaves a plan untouched when the ask supplies the input or the carrier already holds it', () => {
    const plan = { steps: [stepFor('thanks.write')] };
    expect(regressPlan({ ...base, supplied: ['gift'], plan }).plan).toBe(plan);
    const quoted = { steps: [{ toolId: 'thanks.write', args: { material: 'a $50 gift to the roof fund' } }] };
    expect(regressPlan({ ...base, plan: quoted }).plan).toBe(quoted);
  });

  it('treats a carrier holding only the ask words as not given', () => {
    const { plan } = regressPlan({
      ...base,
      plan: { steps: [{ toolId: 'coach.summarise', args: { material: words } }] },
    });
    expect(tools(plan.steps)).toEqual(['readings.read', 'coach.summarise']);
    expect(plan.steps[1]?.args.material).toEqual({ $ref: 's1' });
  });

  it('moves given positional ids with their steps, so no two steps share one', () => {
    const { plan } = regressPlan({ ...base, plan: { steps: [{ ...stepFor('coach.summarise'), id: 's1' }] } });
    expect(plan.steps.map((s, i) => s.id ?? `s${i + 1}`)).toEqual(['s1', 's2']);
    expect(plan.steps[1]?.args.material).toEqual({ $ref: 's1' });
  });

  it('binds to an earlier step that produces the input and keeps existing $refs pointing where they did', () => {
    const { plan } = regressPlan({
      ...base,
      plan: {
        steps: [
          stepFor('coach.summarise'),
          { toolId: 'mail.send', args: { body: { $ref: 's1' } }, when: { $ref: 's1.ok', equals: true } },
        ],
      },
    });
    expect(tools(plan.steps)).toEqual(['readings.read', 'coach.summarise', 'mail.send']);
    expect(plan.steps[2]?.args.body).toEqual({ $ref: 's2' });
    expect(plan.steps[2]?.when).toEqual({ $ref: 's2.ok', equals: true });
  });
});
