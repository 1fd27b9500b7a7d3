import { afterAll, beforeAll, expect, it } from 'vitest';
import { reply } from '../../testing/scripted-messages-script';
import { startScriptedMessagesServer, type ScriptedMessagesServer } from '../../testing/scripted-messages-server';
import type { AskResponse, HarnessReply } from '../../protocol/harness-reply';
import { GENERATED_ONTOLOGY } from '../../harness';
import { memoryWorld } from '../../harness/testing';
import { plainTrace } from '../../ui/words/plain-trace';
import { createAnthropicModel } from './anthropic-model';
import { JUDGE_TOOL } from './prompts/judge';
import { PLAN_TOOL } from './prompts/planner';
import { distributionOver, forcedTool, plannerToolIds } from './testing/read-prompt';

// An ask whose words name no declared term: with a model that reading is evidence, so the judge and the planner
// still read it; without one the scope check declines and the "why" says so.
let server: ScriptedMessagesServer;
const ASK = 'Who have I got written down?';

const replyOf = (res: { ok: boolean; data?: unknown; error?: { message: string } }): HarnessReply => {
  if (!res.ok) throw new Error(`the ask was refused: ${res.error?.message}`);
  return (res.data as AskResponse).reply;
};

beforeAll(async () => {
  server = await startScriptedMessagesServer({
    script: (r) => {
      const tool = forcedTool(r);
      if (tool === JUDGE_TOOL) return reply.tool(JUDGE_TOOL, { distribution: distributionOver(r, { 'n/a': 1 }) });
      if (tool === PLAN_TOOL) {
        const listed = plannerToolIds(r).includes('person.contact.list');
        return reply.tool(PLAN_TOOL, {
          steps: [{ toolId: listed ? 'person.contact.list' : 'ask.unsupported', args: {} }],
        });
      }
      return reply.text('Here are your contacts.');
    },
  });
});
afterAll(() => server.close());

it('with a model, an ask naming nothing declared reaches the planner and gets its plan', async () => {
  const model = createAnthropicModel({ apiKey: 'sk-ant-scenario-key-0123456789', baseURL: server.url, maxRetries: 0 });
  const world = await memoryWorld({ model, ontology: GENERATED_ONTOLOGY });
  const out = replyOf(await world.ask({ message: ASK }));
  expect(server.requests.some((r) => forcedTool(r) === PLAN_TOOL)).toBe(true);
  expect(out.plannerTrace.plannerUsed).toBe('model');
  expect(out.plannerTrace.shape).toBeUndefined();
  expect(out.kind === 'answer' ? out.interaction : out.kind).not.toBe('unsupported');
});

it('without a model, the refusal is a scope decision and the "why" says so, not a compiled rule', async () => {
  const world = await memoryWorld({ model: null, ontology: GENERATED_ONTOLOGY });
  const out = replyOf(await world.ask({ message: ASK }));
  expect(out.plannerTrace).toMatchObject({ plannerUsed: 'scope', scope: 'nothing-named' });
  const why = plainTrace(out.plannerTrace)
    .map((l) => l.text)
    .join(' ');
  expect(why).toContain('scope check');
  expect(why).not.toContain('compiled rule');
});
