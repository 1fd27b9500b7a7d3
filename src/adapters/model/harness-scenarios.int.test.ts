import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { read, reply } from '../../testing/scripted-messages-script';
import {
  startScriptedMessagesServer,
  type RecordedRequest,
  type ScriptedMessagesServer,
  type ScriptedTurn,
} from '../../testing/scripted-messages-server';
import type { AskResponse, HarnessReply } from '../../protocol/harness-reply';
import { GENERATED_ONTOLOGY, type ModelPort } from '../../harness';
import { memoryWorld, type World } from '../../harness/testing';
import { createAnthropicModel } from './anthropic-model';
import { JUDGE_TOOL } from './prompts/judge';
import { PLAN_CHOICE_TOOL } from './prompts/plan-choice';
import { PLAN_TOOL } from './prompts/planner';
import {
  cards,
  distributionOver,
  forcedTool,
  observationIds,
  planOptions,
  plannerToolIds,
  words,
} from './testing/read-prompt';

// Seed 001's judged asks through the harness's real run loop, with this adapter as its ModelPort and the real SDK
// talking to the scripted Messages server on 127.0.0.1 — the stand-in for the hosted model, which cannot run here.
// Each script reads the request (options, cards, words, observations) as a model would; none sees a case id.
let server: ScriptedMessagesServer;
let world: World;
let model: ModelPort;

/** The option whose card says `phrase` (as the model reads the cards). */
const optionSaying = (r: RecordedRequest, phrase: string) =>
  [...cards(r)].find(([, card]) => card.includes(phrase))?.[0] ?? 'n/a';
const skillOf = (r: RecordedRequest) => /<skill id="([^"]+)">/.exec(read.system(r))?.[1] ?? '';

/** A model that judges, chooses plans, plans and applies skills from what each request says. */
function reasoning(judge: (r: RecordedRequest) => Record<string, number>): (r: RecordedRequest) => ScriptedTurn {
  return (r) => {
    const tool = forcedTool(r);
    if (tool === JUDGE_TOOL) return reply.tool(JUDGE_TOOL, { distribution: judge(r) });
    if (tool === PLAN_CHOICE_TOOL) {
      const both = /\band\b.*\b(then|once)\b/i.test(words(r));
      const pick = planOptions(r).find((o) => (both ? o.tools.length === 2 : o.tools.length === 1))!;
      return reply.tool(PLAN_CHOICE_TOOL, { distribution: distributionOver(r, { [pick.id]: 0.9, alone: 0.1 }) });
    }
    if (tool === PLAN_TOOL)
      return reply.tool(PLAN_TOOL, { steps: [{ toolId: 'ask.unsupported', args: { question: words(r) } }] });
    const inputs = observationIds(r);
    return reply.text(
      `${skillOf(r)} draft for: ${words(r)}${inputs.length > 0 ? ` (building on ${inputs.join(', ')})` : ''}`,
    );
  };
}

const replyOf = (res: Awaited<ReturnType<World['ask']>>): HarnessReply => {
  if (!res.ok) throw new Error(`the ask was refused: ${res.error.message}`);
  return (res.data as AskResponse).reply;
};

beforeAll(async () => {
  server = await startScriptedMessagesServer({ script: () => reply.text('unscripted') });
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests.length = 0;
  model = createAnthropicModel({ apiKey: 'sk-ant-scenario-key-0123456789', baseURL: server.url, maxRetries: 0 });
  world = await memoryWorld({ model, ontology: GENERATED_ONTOLOGY });
});

describe('seed 001 §5 judged asks through the harness with the Anthropic adapter', () => {
  it('5.6 "Is our intake screening model okay to keep using?" — two skills could, so the person is asked between exactly those', async () => {
    server.setScript(
      reasoning((r) =>
        distributionOver(r, {
          [optionSaying(r, 'intake screening model still works')]: 0.46,
          [optionSaying(r, 'okay to keep using')]: 0.44,
          'n/a': 0.1,
        }),
      ),
    );
    const out = replyOf(
      await world.ask({ message: 'Is our intake screening model okay to keep using?', to: world.who.missio }),
    );
    expect(out.kind).toBe('prompt');
    if (out.kind !== 'prompt') return;
    expect(out.prompt.kind).toBe('choice');
    expect(out.prompt.kind === 'choice' && out.prompt.options.map((o) => o.value).sort()).toEqual([
      'intake-screening-model-review',
      'model-risk-check',
    ]);
    expect(out.plannerTrace.selection).toMatchObject({ arm: 'fast', outcome: 'clarify' });
    // The top (0.46) is inside the borderline band: the judge is asked once more and the two answers averaged; the
    // second call reads the cards from the prompt cache.
    expect(out.plannerTrace.selection!.distributions).toHaveLength(3);
    const calls = out.plannerTrace.calls;
    expect(calls.map((c) => [c.role, c.provider, c.model, c.outcome])).toEqual([
      ['judge', 'anthropic', 'claude-haiku-4-5', 'ok'],
      ['judge', 'anthropic', 'claude-haiku-4-5', 'ok'],
    ]);
    expect(calls[0]!.inputTokens).toBeGreaterThan(0);
    expect(calls[0]!.cachedInputTokens).toBe(0);
    expect(calls[1]!.cachedInputTokens).toBeGreaterThan(100);
    // The adapter's cost estimate rides into plannerTrace: the second call reads the cards from the cache, so costs less.
    expect(calls[0]!.costUsd).toBeGreaterThan(0);
    expect(calls[1]!.costUsd).toBeGreaterThan(0);
    expect(calls[1]!.costUsd!).toBeLessThan(calls[0]!.costUsd!);
  });

  it('5.7 "Write the Marlow Foundation inquiry letter, and once it is done put it on our funding tracker." — a two-step plan chosen by the plan-choice judge', async () => {
    server.setScript(
      reasoning((r) =>
        distributionOver(r, {
          [optionSaying(r, 'funding tracker entry')]: 0.8,
          [optionSaying(r, 'first letter of inquiry')]: 0.15,
          'n/a': 0.05,
        }),
      ),
    );
    const out = replyOf(
      await world.ask({
        message: 'Write the Marlow Foundation inquiry letter, and once it is done put it on our funding tracker.',
        to: world.who.missio,
      }),
    );
    expect(out.plannerTrace.selection).toMatchObject({ outcome: 'chosen', choice: 'funding-tracker-update' });
    expect(out.plannerTrace.planChoice).toMatchObject({ choice: 'before:grant-inquiry-letter' });
    expect(out.plannerTrace.planChoice!.options.find((o) => o.id === 'before:grant-inquiry-letter')!.tools).toEqual([
      'grant-inquiry-letter',
      'funding-tracker-update',
    ]);
    expect(out.plannerTrace.calls.map((c) => c.role)).toEqual(['judge', 'plan-choice', 'skill-apply', 'skill-apply']);
    expect(out.kind).toBe('answer');
    if (out.kind !== 'answer') return;
    expect(out.text).toContain('grant-inquiry-letter draft for: Write the Marlow Foundation inquiry letter');
    // The tracker entry was written from the letter: the second skill saw the first's output as a quoted observation.
    expect(out.text).toContain('funding-tracker-update draft for:');
    expect(out.text).toContain('(building on s1)');
    const applies = server.requests.filter((r) => forcedTool(r) === null);
    expect(applies.map((r) => r.body.model)).toEqual(['claude-sonnet-5', 'claude-sonnet-5']);
  });

  it('5.8 "Should we order pizza or sandwiches…?" — n/a, then the planner without the skills, then the fixed unsupported sentence', async () => {
    server.setScript(
      reasoning((r) => distributionOver(r, { 'n/a': 0.93, [optionSaying(r, 'volunteer roster')]: 0.07 })),
    );
    const out = replyOf(
      await world.ask({
        message: "Should we order pizza or sandwiches for Saturday's volunteer training?",
        to: world.who.missio,
      }),
    );
    expect(out.kind).toBe('answer');
    if (out.kind !== 'answer') return;
    expect(out.interaction).toBe('unsupported');
    expect(out.text).toMatch(/^I can't help with that/);
    expect(out.plannerTrace).toMatchObject({
      skillStage: 'handed-to-planner',
      plannerUsed: 'model',
      selection: { outcome: 'none-fits' },
    });
    const planner = server.requests.find((r) => forcedTool(r) === PLAN_TOOL)!;
    expect(plannerToolIds(planner).filter((id) => GENERATED_ONTOLOGY.skills[id] !== undefined)).toEqual([]);
    expect(plannerToolIds(planner)).toContain('ask.unsupported');
  });
});

describe('bad answers are refused, recorded, and the person reads a sentence', () => {
  it('a distribution that does not sum to one is a refused judgement', async () => {
    server.setScript(reasoning((r) => ({ [optionSaying(r, 'volunteer roster')]: 0.9, 'n/a': 0.5 })));
    const out = replyOf(await world.ask({ message: 'Draft the volunteer rota for October.', to: world.who.missio }));
    expect(out.plannerTrace.selection).toMatchObject({ outcome: 'refused-judgement', choice: null });
    expect(out.plannerTrace.selection!.rule).toContain('sums to 1.400, not 1');
    expect(out.plannerTrace.calls[0]).toMatchObject({ role: 'judge', outcome: 'ok' });
    expect(out.spoken.length).toBeGreaterThan(10);
  });

  it('prose instead of the structured answer, or an option never offered, is a refused judgement with the reason in plannerTrace', async () => {
    server.setScript((r) =>
      forcedTool(r) === JUDGE_TOOL ? reply.text('Probably the roster skill.') : reasoning(() => ({}))(r),
    );
    const prose = replyOf(await world.ask({ message: 'Draft the volunteer rota for October.', to: world.who.missio }));
    expect(prose.plannerTrace.selection).toMatchObject({ outcome: 'refused-judgement' });
    expect(prose.plannerTrace.calls[0]).toMatchObject({
      role: 'judge',
      outcome: 'failed',
      note: expect.stringContaining('was not the structured answer'),
    });
    server.setScript((r) =>
      forcedTool(r) === JUDGE_TOOL
        ? reply.tool(JUDGE_TOOL, { distribution: { 'catering-order': 1 } })
        : reasoning(() => ({}))(r),
    );
    const unknown = replyOf(
      await world.ask({ message: 'Draft the volunteer rota for October.', to: world.who.missio }),
    );
    expect(unknown.plannerTrace.calls[0]).toMatchObject({
      role: 'judge',
      outcome: 'failed',
      note: expect.stringContaining('did not parse'),
    });
    expect(unknown.spoken).not.toMatch(/Error|at .*\.ts/);
  });

  it('a plan naming a tool not offered is re-planned once, told why, and the second plan is admitted', async () => {
    let round = 0;
    server.setScript((r) => {
      if (forcedTool(r) !== PLAN_TOOL) return reply.text('unexpected');
      round += 1;
      if (round === 1) return reply.tool(PLAN_TOOL, { steps: [{ toolId: 'wire.money.everywhere', args: {} }] });
      return reply.tool(PLAN_TOOL, {
        steps: [
          {
            toolId: plannerToolIds(r).includes('person.contact.list') ? 'person.contact.list' : 'ask.unsupported',
            args: {},
          },
        ],
      });
    });
    // A compiled rule knows this shape; switched off, the planner plans it and its first plan is refused.
    world = await memoryWorld({ model, ontology: GENERATED_ONTOLOGY, settings: { compiledShapes: false } });
    const out = replyOf(await world.ask({ message: 'Could you list the people in my address book?' }));
    expect(out.plannerTrace.admission.map((a) => a.verdict)).toEqual(['replan', 'continue']);
    expect(out.plannerTrace.calls.map((c) => c.role)).toEqual(['planner', 'planner']);
    const second = server.requests.filter((r) => forcedTool(r) === PLAN_TOOL)[1]!;
    expect(read.firstUserText(second)).toContain('Your previous plan was refused');
    expect(read.firstUserText(second)).toContain('wire.money.everywhere');
    expect(out.kind).toBe('answer');
  });
});
