import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAddress } from 'viem';
import { createAnthropicModel } from '../adapters/model/anthropic-model';
import { JUDGE_TOOL } from '../adapters/model/prompts/judge';
import { PLAN_CHOICE_TOOL } from '../adapters/model/prompts/plan-choice';
import { distributionOver, forcedTool, planOptions } from '../adapters/model/testing/read-prompt';
import { fixedKeys } from '../agent/accounts';
import { demoAddressOf } from '../agent/demo';
import { createHomeAgent, type HomeAgent } from '../agent/index';
import { openDemoHome } from '../agent/testing/demo-home';
import { FixedClock } from '../harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../protocol/demo-identities';
import { ASK_STREAM_PORT } from '../protocol/messages/ask-stream';
import { reply } from '../testing/scripted-messages-script';
import {
  startScriptedMessagesServer,
  type RecordedRequest,
  type ScriptedMessagesServer,
} from '../testing/scripted-messages-server';
import { createAskStream } from './ask-stream-client';
import { serveAskStream } from './ask-stream';
import { portPair } from './testing/port-pair';

/**
 * A streamed ask end to end in Node: the side panel's client on one end of a Port, the background's stream server on
 * the other, the person's agent on the real vault (fake-indexeddb) and embedded chain, and its model the Anthropic
 * adapter — the real SDK — against the scripted Messages server on 127.0.0.1, standing in for the hosted model
 * (which cannot run here). Missio Nexus's letter skill streams its text; the deltas reach the page before the final
 * reply, and a stop aborts the model's stream and ends the run with a sentence.
 */
const SELF = { id: 'homeagentextensionid', origin: 'chrome-extension://homeagentextensionid' };
const PANEL = { id: SELF.id, url: `${SELF.origin}/sidepanel.html` };
const LETTER = `Dear Marlow Foundation, we write to introduce Missio Nexus and our work with volunteers across the region. ${'We would be glad to tell you more. '.repeat(30)}`;

let server: ScriptedMessagesServer;
let agent: HomeAgent;
let missio: `0x${string}`;

/** Reads the request as a model would: judge the letter skill, take the one-step plan, write the letter. */
function script(r: RecordedRequest) {
  const tool = forcedTool(r);
  if (tool === JUDGE_TOOL)
    return reply.tool(JUDGE_TOOL, { distribution: distributionOver(r, { 'grant-inquiry-letter': 0.9, 'n/a': 0.1 }) });
  if (tool === PLAN_CHOICE_TOOL) {
    const one = planOptions(r).find((o) => o.tools.length === 1)!;
    return reply.tool(PLAN_CHOICE_TOOL, { distribution: distributionOver(r, { [one.id]: 0.9 }) });
  }
  return reply.text(LETTER);
}

function stream() {
  const { page, background } = portPair(ASK_STREAM_PORT, PANEL);
  serveAskStream(background, { agent: async () => agent }, SELF);
  return { client: createAskStream(() => page), page, background };
}

beforeAll(async () => {
  server = await startScriptedMessagesServer({ script });
  const clock = new FixedClock();
  const parts = await openDemoHome(clock);
  const model = createAnthropicModel({ apiKey: 'sk-ant-stream-test-0123456789', baseURL: server.url, maxRetries: 0 });
  agent = createHomeAgent({
    vault: parts.vault,
    chain: parts.chain,
    keys: fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey }),
    clock,
    model,
  });
  missio = getAddress(await demoAddressOf('missio-nexus'));
}, 60_000);
afterAll(() => server.close());

describe('a streamed ask over the Port', () => {
  it('the letter’s text reaches the page piece by piece before the final reply, and the pieces are the letter', async () => {
    server.setChunkDelay(5);
    const { client } = stream();
    const shown: { text: string; replied: boolean }[] = [];
    let replied = false;
    const result = await client
      .ask(
        { words: 'Write the Marlow Foundation inquiry letter.', addressee: missio },
        { onText: (text) => shown.push({ text, replied }) },
      )
      .finally(() => (replied = true));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.reply.kind).toBe('answer');
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.at(-1)!.text).toBe(LETTER);
    // Every piece arrived before the final reply, each growing the text shown so far.
    expect(shown.every((s) => !s.replied)).toBe(true);
    for (let i = 1; i < shown.length; i++) expect(shown[i]!.text.startsWith(shown[i - 1]!.text)).toBe(true);
    expect(result.data.reply.kind === 'answer' && result.data.reply.text).toContain('Dear Marlow Foundation');
    const last = server.requests.at(-1)!;
    expect(last.body.stream).toBe(true);
  });

  it('a stop after the first piece aborts the model’s stream and ends the run with a sentence, long before the letter would end', async () => {
    server.setChunkDelay(40);
    const { client } = stream();
    const controller = new AbortController();
    const shown: string[] = [];
    let stoppedAt = 0;
    const result = await client.ask(
      { words: 'Write the Marlow Foundation inquiry letter.', addressee: missio },
      {
        signal: controller.signal,
        onText: (text) => (shown.push(text), (stoppedAt ||= performance.now()), controller.abort()),
      },
    );
    // The letter streams in ~16-character pieces 40 ms apart: the whole of it would take seconds more.
    const afterStop = performance.now() - stoppedAt;
    const deltas = Math.ceil(LETTER.length / 16);
    expect(afterStop).toBeLessThan((deltas * 40) / 4);
    expect(shown.length).toBeLessThan(5);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.reply).toMatchObject({
      kind: 'refused',
      outcome: 'declined',
      error: { code: 'ANSWER_STOPPED', message: 'You stopped this answer.' },
    });
    expect(result.data.resumable).toBe(false);
    const calls = result.data.reply.plannerTrace.calls;
    expect(calls.at(-1)).toMatchObject({ role: 'skill-apply', outcome: 'failed' });
    expect(calls.at(-1)!.note).toMatch(/cancelled/);
    // The model's stream itself was cut: the server saw the client go before the letter was sent.
    await vi.waitFor(() => expect(server.requests.at(-1)).toMatchObject({ aborted: true }), { timeout: 5_000 });
  });

  it('closing the Port (the panel closed) stops the ask; another page than the extension’s own is refused', async () => {
    server.setChunkDelay(40);
    const { client } = stream();
    const before = new Set((await agent.parts.vault.runs.list()).rows.map((r) => r.runRef));
    const asked = client.ask(
      { words: 'Write the Marlow Foundation inquiry letter.', addressee: missio },
      { onText: () => client.close() },
    );
    expect(await asked).toMatchObject({ ok: false, error: { code: 'ANSWER_STOPPED' } });
    // The background heard the Port close and stopped the run: it ends refused, with the sentence, well before the letter would.
    const run = await vi.waitFor(
      async () => {
        const rows = (await agent.parts.vault.runs.list()).rows;
        const found = rows.find((r) => !before.has(r.runRef) && r.status === 'refused');
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 5_000 },
    );
    expect((run.checkpoint as { reply: { error: { code: string } } }).reply.error.code).toBe('ANSWER_STOPPED');

    const { page: other, background } = portPair(ASK_STREAM_PORT, {
      id: SELF.id,
      url: 'https://example.org/',
      tab: { id: 3 },
    });
    const got: unknown[] = [];
    other.onMessage.addListener((m) => got.push(m));
    serveAskStream(background, { agent: async () => agent }, SELF);
    await vi.waitFor(() => expect(got).toHaveLength(1));
    expect(got).toEqual([
      {
        type: 'ask.failed',
        askId: null,
        error: { code: 'SENDER_NOT_ALLOWED', message: 'A streamed ask comes only from Home Agent’s own pages.' },
      },
    ]);
  });
});
