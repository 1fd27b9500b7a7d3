import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicModel } from '../src/adapters/model/anthropic-model';
import { JUDGE_TOOL } from '../src/adapters/model/prompts/judge';
import { PLAN_CHOICE_TOOL } from '../src/adapters/model/prompts/plan-choice';
import { PLAN_TOOL } from '../src/adapters/model/prompts/planner';
import { distributionOver, forcedTool, optionIds } from '../src/adapters/model/testing/read-prompt';
import { EVAL_CASES } from '../src/ontology/eval-cases.generated';
import { reply } from '../src/testing/scripted-messages-script';
import { startScriptedMessagesServer, type ScriptedMessagesServer } from '../src/testing/scripted-messages-server';
import { casesFromOntology } from './cases';
import { runEvaluation } from './runner';
import { makeMemoryWorld } from './world';

// The evaluation with a model configured, the model being the real SDK against the scripted Messages server (the
// hosted model's stand-in). PLUMBING: the script answers every request the same way from what it says, so the
// figures count calls and tokens; they say nothing about how well a model judges.
let server: ScriptedMessagesServer;
beforeAll(async () => {
  server = await startScriptedMessagesServer({
    script: (r) => {
      const tool = forcedTool(r);
      if (tool === JUDGE_TOOL || tool === PLAN_CHOICE_TOOL)
        return reply.tool(tool, { distribution: distributionOver(r, { [optionIds(r)[0]!]: 1 }) });
      if (tool === PLAN_TOOL) return reply.tool(PLAN_TOOL, { steps: [{ toolId: 'ask.unsupported', args: {} }] });
      return reply.text('A draft.');
    },
  });
});
afterAll(() => server.close());

describe('npm run eval with a model configured', () => {
  it('scores through the adapter, counts calls and tokens, and the server never sees a case id or a gold label', async () => {
    const model = createAnthropicModel({ apiKey: 'eval-key', baseURL: server.url, maxRetries: 0 });
    const cases = casesFromOntology('heldout');
    const { results, totals } = await runEvaluation(cases, { makeWorld: makeMemoryWorld, model });
    expect(totals.callsPerCase).toBeGreaterThan(0);
    expect(totals.tokensPerCase.input).toBeGreaterThan(0);
    expect(totals.zeroModelCalls).toBeLessThan(cases.length);
    expect(results.find((r) => r.id === 'heldout-seed-5-1')!.calls).toBe(0); // compiled: no model, even with one
    const sent = server.requests.map((r) => JSON.stringify(r.body)).join('\n');
    expect(server.requests.length).toBeGreaterThan(10);
    for (const c of EVAL_CASES) expect(sent).not.toContain(c.id);
    for (const word of ['heldout', 'expectedSkill', 'forbiddenSkill', 'expectedBehaviour', 'gold'])
      expect(sent).not.toContain(word);
  });
});
