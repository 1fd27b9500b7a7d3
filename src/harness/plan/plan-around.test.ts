import { describe, expect, it } from 'vitest';
import { toolsOf } from '../testing/tools-of';
import { chainPlan } from './plan-choice';
import { plansAround } from './plan-around';

const tools = toolsOf('organization-agent');

describe('plans around a pick through the outcome graph (seed 001 step 5)', () => {
  it('the letter alone, or the letter then the tracker that consumes it', () => {
    const options = plansAround({ pick: tools.get('grant-inquiry-letter')!, tools, supplied: new Set() });
    expect(options).toEqual([
      { id: 'alone', tools: ['grant-inquiry-letter'], missing: [] },
      { id: 'after:funding-tracker-update', tools: ['grant-inquiry-letter', 'funding-tracker-update'], missing: [] },
    ]);
  });

  it('the tracker alone lacks its letter; the producer is prepended; a supplied letter needs nothing', () => {
    const options = plansAround({ pick: tools.get('funding-tracker-update')!, tools, supplied: new Set() });
    expect(options[0]).toEqual({ id: 'alone', tools: ['funding-tracker-update'], missing: ['inquiry-letter'] });
    expect(options[1]).toEqual({
      id: 'before:grant-inquiry-letter',
      tools: ['grant-inquiry-letter', 'funding-tracker-update'],
      missing: [],
    });
    expect(
      plansAround({ pick: tools.get('funding-tracker-update')!, tools, supplied: new Set(['inquiry-letter']) })[0]!
        .missing,
    ).toEqual([]);
  });

  it('a chain becomes steps whose consumer reads the producer’s output by reference', () => {
    const plan = chainPlan(
      { id: 'after:x', tools: ['grant-inquiry-letter', 'funding-tracker-update'], missing: [] },
      'write it',
      tools,
    );
    expect(plan.steps).toEqual([
      { id: 's1', toolId: 'grant-inquiry-letter', args: { question: 'write it' } },
      { id: 's2', toolId: 'funding-tracker-update', args: { question: 'write it', material: { $ref: 's1' } } },
    ]);
  });
});
