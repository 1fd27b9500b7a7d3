import { describe, expect, it } from 'vitest';
import { groundAsk } from '../ground/ground';
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

  it('names a grant report by the names funders give reports, never as a first letter to them', () => {
    for (const words of [
      'Draft the interim report for the Ridgeway Fund.',
      'can you write up our progress report to the trust',
      'Put together the 12-month report on the literacy work for the Okafor Foundation.',
    ])
      expect(plan(words, 'organization-agent').steps[0]?.toolId).toBe('grant-report');
  });

  it('reads a term by the lemmas of the words: "rotas" says "rota"', () => {
    expect(plan('Are the Sunday rotas full?', 'organization-agent').steps[0]?.toolId).toBe('volunteer-roster');
  });

  it('a phrase names a tool more plainly than a word the other tool shares; words of its own each are two readings', () => {
    // "funder" is the inquiry letter's term, and a word of the grant report's own description too.
    expect(
      plan('Prepare the final report for the funder of the reading programme.', 'organization-agent').steps,
    ).toEqual([
      {
        toolId: 'grant-report',
        args: { question: 'Prepare the final report for the funder of the reading programme.' },
      },
    ]);
    // "intake model" is the review's alone, "drift" the risk check's alone: ask which.
    expect(plan('Is the drift in our intake model a problem?', 'organization-agent').steps[0]).toMatchObject({
      toolId: 'ask.clarify',
      args: { options: ['intake-screening-model-review', 'model-risk-check'] },
    });
  });

  it('clauses that each name a different tool are several steps, in the order said', () => {
    const words = 'Draft a letter of inquiry to the Ridgeway Fund, then record it in the pipeline.';
    expect(plan(words, 'organization-agent').steps.map((s) => s.toolId)).toEqual([
      'grant-inquiry-letter',
      'funding-tracker-update',
    ]);
  });

  it('a verb that leads reads still asks for what reads', () => {
    const words = 'show me the readings I logged';
    const tools = toolsOf('person-agent');
    const grounding = groundAsk({ words, parties: [], tools });
    expect(grounding.leadReads).toBe(true);
    const reading = typedReading({ words, ontology: GENERATED_ONTOLOGY, tools, relation: 'self', outcome: null });
    expect(ruleBasedPlan({ words, tools, reading, grounding }).steps[0]?.toolId).toBe('cabinet.readings.read');
    const other = 'delete the readings I logged';
    expect(
      ruleBasedPlan({
        words: other,
        tools,
        reading: typedReading({ words: other, ontology: GENERATED_ONTOLOGY, tools, relation: 'self', outcome: null }),
        grounding: groundAsk({ words: other, parties: [], tools }),
      }).steps[0]?.toolId,
    ).toBe('ask.unsupported');
  });
});
