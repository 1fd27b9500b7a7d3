import { describe, expect, it } from 'vitest';
import { regressPlan, type Transition } from './regression';

const transitions: Transition[] = [
  { toolId: 'vault.readHeartRate', consumes: [], produces: ['heartRate'] },
  { toolId: 'coach.summarise', consumes: ['heartRate'], produces: ['summary'] },
  { toolId: 'mail.send', consumes: ['summary', 'recipient'], produces: ['sent'] },
];
const base = { transitions, known: [], clarifyToolId: 'clarify' };

describe('regressPlan', () => {
  it('fills the producing steps of an outcome-only ask', () => {
    const plan = regressPlan({ ...base, plan: { steps: [{ toolId: 'coach.summarise', args: {} }] } });
    expect(plan.steps.map((s) => s.toolId)).toEqual(['vault.readHeartRate', 'coach.summarise']);
  });
  it('asks for a missing input by name, never invents it', () => {
    const plan = regressPlan({ ...base, plan: { steps: [{ toolId: 'mail.send', args: {} }] } });
    expect(plan.steps.map((s) => s.toolId)).toEqual(['vault.readHeartRate', 'coach.summarise', 'clarify', 'mail.send']);
    expect(plan.steps[2]?.args).toEqual({ missing: 'recipient' });
  });
  it('keeps the plan as it was when completion would pass four steps', () => {
    const plan = { steps: [{ toolId: 'mail.send', args: {} }] };
    expect(regressPlan({ ...base, plan, maxSteps: 3 })).toBe(plan);
  });
  it('leaves a plan whose inputs are known untouched', () => {
    const plan = { steps: [{ toolId: 'coach.summarise', args: {} }] };
    expect(regressPlan({ ...base, known: ['heartRate'], plan }).steps).toHaveLength(1);
  });
});
