import { describe, expect, it } from 'vitest';
import { typedReading } from '../ground/reading';
import { GENERATED_ONTOLOGY } from '../kernel/ontology';
import { toolsOf } from '../testing/tools-of';
import { ruleBasedPlan } from './rule-based';

const plan = (words: string, id: 'person-agent' | 'organization-agent' = 'person-agent') => {
  const tools = toolsOf(id);
  return ruleBasedPlan({
    words,
    tools,
    reading: typedReading({ words, ontology: GENERATED_ONTOLOGY, tools, relation: 'self', outcome: null }),
  });
};

describe('the rule-based planner: what plans without a model', () => {
  it('takes the one tool whose declared terms the words name, filling only what the words carry', () => {
    expect(plan('Which doses have I logged today?').steps).toEqual([{ toolId: 'cabinet.doses.read', args: {} }]);
    expect(plan('please reimburse nathan 12').steps).toEqual([{ toolId: 'payment.usdc.send', args: { amount: '12' } }]);
  });

  it('two tools tied become a question between exactly those two; nothing named is unsupported', () => {
    expect(plan('minutes and budget', 'organization-agent').steps[0]).toMatchObject({
      toolId: 'ask.clarify',
      args: { options: ['board-minutes', 'budget-variance'] },
    });
    expect(plan('tell me a joke').steps).toEqual([{ toolId: 'ask.unsupported', args: { question: 'tell me a joke' } }]);
  });
});
