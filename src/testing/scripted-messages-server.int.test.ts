import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firstMatch, inTurn, read, reply } from './scripted-messages-script';
import { startScriptedMessagesServer, type ScriptedMessagesServer } from './scripted-messages-server';

// The hosted model cannot run here (no key, no network): this server stands in for it, driven by the real SDK.
let server: ScriptedMessagesServer;
let client: Anthropic;

const weatherTool: Anthropic.Tool = {
  name: 'weather__read',
  description: 'Reads the weather for a city.',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** A script that reasons from the request: call the tool on the first round, answer from its result after. */
const toolThenAnswer = firstMatch(
  [[(r) => read.lastToolResults(r).length > 0, (r) => reply.text(`It is ${read.lastToolResults(r)[0]!.text}.`)]],
  (r) => reply.tool('weather__read', { city: read.firstUserText(r).includes('Lagos') ? 'Lagos' : 'elsewhere' }),
);

beforeAll(async () => {
  server = await startScriptedMessagesServer({ script: toolThenAnswer });
  client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setScript(toolThenAnswer);
  server.setLatency(0);
});

describe('scripted Messages server with the real SDK', () => {
  it('runs a tool loop under tool_choice any and records each request', async () => {
    const base = { model: 'claude-test', max_tokens: 450, tools: [weatherTool], tool_choice: { type: 'any' as const } };
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Lagos?' }];
    const first = await client.messages.create({ ...base, messages });
    expect(first.stop_reason).toBe('tool_use');
    const use = first.content[0] as Anthropic.ToolUseBlock;
    expect(use).toMatchObject({ type: 'tool_use', name: 'weather__read', input: { city: 'Lagos' } });
    messages.push({ role: 'assistant', content: first.content });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: '31°C and humid' }] });
    const second = await client.messages.create({ ...base, messages });
    expect(second.content).toEqual([{ type: 'text', text: 'It is 31°C and humid.' }]);
    expect(server.requests).toHaveLength(2);
    expect(read.toolNames(server.requests[0]!)).toEqual(['weather__read']);
    expect(server.requests[1]!.body.tool_choice).toEqual({ type: 'any' });
    expect(read.round(server.requests[1]!)).toBe(2);
    expect(server.requests[0]!.headers['x-api-key'] ?? server.requests[0]!.headers.authorization).toContain('test-key');
  });

  it('simulates the prompt cache: the first request writes the marked prefix, the next one reads it', async () => {
    server.setScript(() => reply.text('ok'));
    const system: Anthropic.TextBlockParam[] = [
      { type: 'text', text: 'The playbook. '.repeat(200), cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'The brief, which changes.' },
    ];
    const ask = (q: string) =>
      client.messages.create({
        model: 'claude-test',
        max_tokens: 50,
        system,
        messages: [{ role: 'user', content: q }],
      });
    const a = await ask('first');
    const b = await ask('second');
    expect(a.usage.cache_creation_input_tokens).toBeGreaterThan(600);
    expect(a.usage.cache_read_input_tokens).toBe(0);
    expect(b.usage.cache_read_input_tokens).toBe(a.usage.cache_creation_input_tokens);
    expect(b.usage.cache_creation_input_tokens).toBe(0);
    expect(b.usage.input_tokens).toBeLessThan(a.usage.input_tokens + (a.usage.cache_creation_input_tokens ?? 0));
  });

  it('streams server-sent events the SDK assembles into the same message', async () => {
    const stream = client.messages.stream({
      model: 'claude-test',
      max_tokens: 450,
      tools: [weatherTool],
      tool_choice: { type: 'any' },
      messages: [{ role: 'user', content: 'Weather in Lagos please, with a long enough question to chunk' }],
    });
    const message = await stream.finalMessage();
    expect(message.content[0]).toMatchObject({ type: 'tool_use', name: 'weather__read', input: { city: 'Lagos' } });
    expect(server.requests[0]!.body.stream).toBe(true);
  });

  it('answers 529 when the script says overloaded, and the SDK retries into the next turn', async () => {
    server.setScript(
      inTurn(
        () => reply.overloaded(),
        () => reply.text('back'),
      ),
    );
    await expect(
      client.messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: 529 });
    const retrying = new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 1 });
    server.setScript(
      inTurn(
        () => reply.overloaded(),
        () => reply.text('back'),
      ),
    );
    const answer = await retrying.messages.create({
      model: 'm',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(answer.content).toEqual([{ type: 'text', text: 'back' }]);
  });

  it('refuses what the hosted API refuses: dotted tool names, unknown tool_choice, a tool_use left unanswered', async () => {
    const msg = [{ role: 'user' as const, content: 'hi' }];
    await expect(
      client.messages.create({
        model: 'm',
        max_tokens: 10,
        messages: msg,
        tools: [{ ...weatherTool, name: 'weather.read' }],
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      client.messages.create({
        model: 'm',
        max_tokens: 10,
        messages: msg,
        tools: [weatherTool],
        tool_choice: { type: 'tool', name: 'nope' },
      }),
    ).rejects.toMatchObject({ status: 400 });
    const dangling: Anthropic.MessageParam[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_x', name: 'weather__read', input: {} }] },
      { role: 'user', content: 'and?' },
    ];
    await expect(
      client.messages.create({ model: 'm', max_tokens: 10, messages: dangling, tools: [weatherTool] }),
    ).rejects.toThrow(/tool_use ids were found without tool_result/);
  });

  it('waits the fixed latency before answering', async () => {
    server.setScript(() => reply.text('slow'));
    server.setLatency(120);
    const started = performance.now();
    await client.messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] });
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
  });
});
