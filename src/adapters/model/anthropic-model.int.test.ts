import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTurn, read, reply } from '../../testing/scripted-messages-script';
import { startScriptedMessagesServer, type ScriptedMessagesServer } from '../../testing/scripted-messages-server';
import { createAnthropicModel } from './anthropic-model';
import type { CallRecord } from './messages-call';
import { JUDGE_TOOL } from './prompts/judge';
import { PLAN_TOOL } from './prompts/planner';
import { distributionOver, forcedTool, optionIds, plannerToolIds, words } from './testing/read-prompt';
import { judgeRequest, plannerRequest } from './testing/sample-requests';

// The hosted model cannot run here (no key, no network): the scripted Messages server stands in for it, driven by
// the real @anthropic-ai/sdk. Its scripts answer from what each request says.
const KEY = 'sk-ant-test-0123456789abcdefghij';
let server: ScriptedMessagesServer;
const records: CallRecord[] = [];
const model = (extra: Record<string, unknown> = {}) =>
  createAnthropicModel(
    { apiKey: KEY, baseURL: server.url, maxRetries: 0, retryBaseMs: 1, ...extra },
    { onCall: (r) => records.push(r) },
  );

beforeAll(async () => {
  server = await startScriptedMessagesServer({ script: () => reply.text('unscripted') });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  records.length = 0;
  server.setLatency(0);
  server.setChunkDelay(0);
});

describe('the judge on the real SDK', () => {
  it('forces the answer tool, caches the cards, and returns the distribution with usage and a cost estimate', async () => {
    server.setScript((r) =>
      reply.tool(JUDGE_TOOL, {
        distribution: distributionOver(r, { 'intake-screening-model-review': 0.8, 'n/a': 0.2 }),
      }),
    );
    const m = model();
    const first = await m.judgeSkills(judgeRequest('How has the intake model done this quarter?'));
    const second = await m.judgeSkills(judgeRequest('Review the intake model again, please.'));
    expect(first.distribution['intake-screening-model-review']).toBeCloseTo(0.8);
    const req = server.requests[0]!;
    expect(forcedTool(req)).toBe(JUDGE_TOOL);
    expect(req.body.model).toBe('claude-haiku-4-5');
    expect(optionIds(req)).toEqual(judgeRequest('x').options.map((o) => o.id));
    const system = req.body.system as { text: string; cache_control?: unknown }[];
    expect(system[0]!.text).toContain('Which ONE offered skill should handle this request?');
    expect(system[0]!.cache_control).toBeUndefined();
    expect(system[1]!.text).toContain('- model-risk-check: Rates the risk');
    expect(system[1]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(words(req)).toBe('How has the intake model done this quarter?');
    expect(read.firstUserText(req)).toContain('<reading>');
    // The same cards are read from the cache the second time.
    expect(first.usage.cachedInputTokens).toBe(0);
    expect(second.usage.cachedInputTokens).toBeGreaterThan(100);
    expect(records[0]!.cacheWriteTokens).toBe(second.usage.cachedInputTokens);
    expect(second.usage.inputTokens).toBeGreaterThan(second.usage.cachedInputTokens!);
    expect(second.usage.costUsd!).toBeGreaterThan(0);
    expect(second.usage.costUsd!).toBeLessThan(first.usage.costUsd!);
  });

  it('the thorough profile asks for each option considered before the distribution', async () => {
    server.setScript((r) =>
      reply.tool(JUDGE_TOOL, {
        considered: optionIds(r).map((option) => ({
          option,
          fits: option === 'n/a' ? 'yes' : 'no',
          why: 'out of scope',
        })),
        distribution: distributionOver(r, { 'n/a': 1 }),
      }),
    );
    const res = await model({ judgeProfile: 'thorough' }).judgeSkills(judgeRequest('Order pizza for Saturday.'));
    expect(res.distribution['n/a']).toBe(1);
    expect(read.system(server.requests[0]!)).toContain('Profile: thorough');
    expect(server.requests[0]!.body.max_tokens).toBeGreaterThan(300);
  });

  it('an answer that is not the structured distribution is refused, never guessed', async () => {
    const m = model();
    server.setScript(() => reply.text('I think the intake review fits best.'));
    await expect(m.judgeSkills(judgeRequest('Review the intake model.'))).rejects.toMatchObject({
      code: 'MODEL_OUTPUT_INVALID',
      message: expect.stringContaining('was not the structured answer'),
    });
    server.setScript(() =>
      reply.tool(JUDGE_TOOL, { distribution: { 'intake-screening-model-review': 0.7, 'make-it-up': 0.3 } }),
    );
    await expect(m.judgeSkills(judgeRequest('Review the intake model.'))).rejects.toMatchObject({
      code: 'MODEL_OUTPUT_INVALID',
      message: expect.stringContaining('did not parse'),
    });
    server.setScript(() => reply.tool(JUDGE_TOOL, { distribution: { 'intake-screening-model-review': 'high' } }));
    await expect(m.judgeSkills(judgeRequest('Review the intake model.'))).rejects.toMatchObject({
      code: 'MODEL_OUTPUT_INVALID',
    });
    // Strict JSON text (an endpoint without tools) is accepted — the whole text one object, checked the same way.
    server.setScript((r) => reply.text(JSON.stringify({ distribution: distributionOver(r, { 'n/a': 1 }) })));
    expect((await m.judgeSkills(judgeRequest('Pizza?'))).distribution['n/a']).toBe(1);
    expect(records.map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });
});

describe('the planner on the real SDK', () => {
  it('caches the rules, the doctrine and the tool catalog, and offers exactly the playbook tools', async () => {
    server.setScript((r) =>
      reply.tool(PLAN_TOOL, {
        steps: [
          {
            toolId: plannerToolIds(r).includes('person.contact.list') ? 'person.contact.list' : 'ask.unsupported',
            args: {},
          },
        ],
      }),
    );
    const request = plannerRequest('Could you show who I know?', {
      heldMandates: ['ALREADY granted authority to person.contact.invite (mandate 0x12345678…): do not choose another'],
      violations: ['unknownTool: no such tool'],
    });
    const res = await model().plan(request);
    expect(res.plan).toEqual({ steps: [{ toolId: 'person.contact.list', args: {} }] });
    const req = server.requests[0]!;
    expect(forcedTool(req)).toBe(PLAN_TOOL);
    expect(plannerToolIds(req)).toEqual(request.tools.map((t) => t.id));
    const system = req.body.system as { text: string; cache_control?: unknown }[];
    expect(system.map((b) => b.cache_control)).toEqual([
      { type: 'ephemeral' },
      { type: 'ephemeral' },
      { type: 'ephemeral' },
    ]);
    expect(system[0]!.text).toContain('Never invent an amount');
    expect(system[1]!.text).toContain(request.doctrine.slice(0, 40));
    expect(system[2]!.text).toContain('## person.contact.invite');
    expect(system[2]!.text).toContain('examples: "');
    const user = read.firstUserText(req);
    expect(user).toContain('Authority already granted');
    expect(user).toContain('Your previous plan was refused');
  });
});

describe('transport: overload, cancellation, timeouts', () => {
  it('retries a 529 with backoff when allowed, and says so in words when not', async () => {
    server.setScript(
      inTurn(
        () => reply.overloaded(),
        (r) => reply.tool(JUDGE_TOOL, { distribution: distributionOver(r, { 'n/a': 1 }) }),
      ),
    );
    const res = await model({ maxRetries: 1 }).judgeSkills(judgeRequest('Pizza?'));
    expect(res.distribution['n/a']).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(records.at(-1)).toMatchObject({ outcome: 'ok', attempts: 2 });
    server.setScript(() => reply.overloaded());
    await expect(model({ maxRetries: 0 }).judgeSkills(judgeRequest('Pizza?'))).rejects.toMatchObject({
      code: 'MODEL_OVERLOADED',
      message: 'The model is overloaded right now; tried once.',
    });
    await expect(model({ maxRetries: 2 }).judgeSkills(judgeRequest('Pizza?'))).rejects.toMatchObject({
      code: 'MODEL_OVERLOADED',
      message: 'The model is overloaded right now; tried 3 times.',
    });
  });

  it('a refused key is a sentence, not retried', async () => {
    server.setScript(() => reply.error(401, 'authentication_error', 'invalid x-api-key'));
    await expect(model({ maxRetries: 3 }).judgeSkills(judgeRequest('Pizza?'))).rejects.toMatchObject({
      code: 'MODEL_AUTH',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('cancels through the AbortSignal, and times out per tier', async () => {
    server.setScript((r) => reply.tool(JUDGE_TOOL, { distribution: distributionOver(r, { 'n/a': 1 }) }));
    server.setLatency(3_000);
    const controller = new AbortController();
    const started = performance.now();
    const pending = model().judgeSkills(judgeRequest('Pizza?', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'MODEL_CANCELLED' });
    await expect(
      model({ timeoutMs: { light: 100, compose: 100 } }).judgeSkills(judgeRequest('Pizza?')),
    ).rejects.toMatchObject({
      code: 'MODEL_TIMEOUT',
      message: expect.stringContaining('did not answer within'),
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
