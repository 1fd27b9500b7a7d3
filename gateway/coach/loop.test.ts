import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { Refusal } from '../errors';
import { refused } from './acts/act-kit';
import { MAX_ROUNDS, runModelLoop, type LoopInput } from './loop';
import type { ModelPort, ModelRequest } from './model';
import { validateCoachReply } from './reply';
import { boundTools } from './tools';

/** A model port answering from a list of content arrays, recording each request (the loop's own unit; the SDK is tested over loopback). */
function modelOf(turns: Array<Anthropic.ContentBlock[]>): ModelPort & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    model: 'in-process',
    requests,
    async create(request) {
      requests.push(structuredClone(request));
      const content = turns[Math.min(requests.length - 1, turns.length - 1)]!;
      return {
        id: 'm',
        type: 'message',
        role: 'assistant',
        model: 'in-process',
        content,
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 3, cache_creation_input_tokens: 0 },
      } as unknown as Anthropic.Message;
    },
  };
}
const use = (name: string, input: unknown, id = `t-${name}`) =>
  ({ type: 'tool_use', id, name, input }) as Anthropic.ContentBlock;
const text = (t: string) => ({ type: 'text', text: t }) as Anthropic.ContentBlock;
let briefs = 0;
const input = (model: ModelPort, act: LoopInput['act'] = async (id) => refused(id, 'no')): LoopInput => ({
  model,
  playbook: 'PLAYBOOK',
  brief: () => `BRIEF ${(briefs += 1)}`,
  opening: 'hi',
  offer: boundTools({ emr: false }),
  act,
  notOffered: (id) =>
    refused(id, `'${id}' is not a tool this consultation is offered`, { code: 'not_offered', status: 403 }),
  validateReply: (i) => validateCoachReply(i, new Set(['bp-1'])),
});

describe('the model loop (seed 000 steps 7–10)', () => {
  it('sends the playbook cached, the brief rebuilt each round, and ends the moment coach_reply validates', async () => {
    let acts = 0;
    const model = modelOf([
      [use('heartcoach__log', { metric: 'steps', value: '10' })],
      [use('coach_reply', { say: 'ok', tier: 'self-care', builtFrom: ['bp-1'] }), use('heartcoach__log', {}, 'after')],
    ]);
    const result = await runModelLoop(
      input(
        model,
        async (id) => (
          (acts += 1),
          { content: 'logged', isError: false, landed: true, acted: { tool: id, ok: true, summary: 'logged 10 steps' } }
        ),
      ),
    );
    expect(result).toMatchObject({
      rounds: 2,
      reply: { say: 'ok' },
      acted: [{ tool: 'heartcoach.log', ok: true }],
      usage: { input: 20, output: 10, cacheRead: 6 },
    });
    expect(acts).toBe(1); // the log after the valid reply was never run
    expect(model.requests[0]!.system[0]).toEqual({
      type: 'text',
      text: 'PLAYBOOK',
      cache_control: { type: 'ephemeral' },
    });
    expect(model.requests[0]!.system[1]!.text).not.toBe(model.requests[1]!.system[1]!.text);
    expect(model.requests[1]!.messages.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 't-heartcoach__log', is_error: false, content: 'logged' }],
    });
  });

  it('refuses a tool it was not offered by its registered id, and a bad reply as an error result, within the budget', async () => {
    const model = modelOf([
      [use('heartcoach__plan', { plan: 'x' }), use('coach_reply', { say: 'ok', tier: 'chill' })],
      [use('coach_reply', { say: 'fine', tier: 'self-care' })],
    ]);
    const result = await runModelLoop(input(model));
    expect(result.acted).toEqual([
      {
        tool: 'heartcoach.plan',
        ok: false,
        summary: "'heartcoach.plan' is not a tool this consultation is offered",
        refusal: { code: 'not_offered', status: 403 },
      },
    ]);
    const results = model.requests[1]!.messages.at(-1)!.content as Anthropic.ToolResultBlockParam[];
    expect(results.map((r) => r.is_error)).toEqual([true, true]);
    expect(results[1]!.content).toMatch(/^coach_reply was refused — tier/);
  });

  it('answers 502 on plain text and after five rounds without a valid reply', async () => {
    await expect(runModelLoop(input(modelOf([[text('Fine!')]])))).rejects.toMatchObject({
      status: 502,
      code: 'coach_no_reply',
    });
    const stubborn = modelOf([[use('coach_reply', { say: '' })]]);
    await expect(runModelLoop(input(stubborn))).rejects.toBeInstanceOf(Refusal);
    expect(stubborn.requests).toHaveLength(MAX_ROUNDS);
  });
});
