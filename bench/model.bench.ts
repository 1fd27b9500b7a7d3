import Anthropic from '@anthropic-ai/sdk';
import { createAnthropicModel } from '../src/adapters/model/anthropic-model';
import type { CallRecord } from '../src/adapters/model/messages-call';
import { JUDGE_TOOL } from '../src/adapters/model/prompts/judge';
import { judgeRequest } from '../src/adapters/model/testing/sample-requests';
import { cards, distributionOver, forcedTool } from '../src/adapters/model/testing/read-prompt';
import { type ComposeRequest, GENERATED_ONTOLOGY } from '../src/harness';
import { memoryWorld } from '../src/harness/testing';
import { reply } from '../src/testing/scripted-messages-script';
import { startScriptedMessagesServer, type RecordedRequest } from '../src/testing/scripted-messages-server';
import { casesFromOntology } from '../eval/cases';
import { runEvaluation } from '../eval/runner';
import { makeMemoryWorld } from '../eval/world';
import { PLAN_CHOICE_TOOL } from '../src/adapters/model/prompts/plan-choice';
import { PLAN_TOOL } from '../src/adapters/model/prompts/planner';
import { measure, median, type BenchRow, type BenchSuite } from './run';

/**
 * PLUMBING, not model quality: the Anthropic adapter over the real SDK against the scripted Messages server on
 * loopback (the hosted model cannot run here). The server's latency and per-delta generation time are fixed by the
 * bench, so these figures measure the adapter's calls, tokens, cache reads and the SHAPE of streaming — first text
 * against the non-streamed total in the same run — never what a real model would take or say.
 */
const RUNS = 15;
const LATENCY_MS = 40;
const CHUNK_DELAY_MS = 2;
const ANSWER =
  `Missio Nexus has four members: Bob, Dave, Nathan and Carol [s1]. ${'Nathan and Carol are its treasurers, and Bob and Dave are members [s1]. '.repeat(8)}`.trim();

const script = (r: RecordedRequest) => {
  if (forcedTool(r) === PLAN_CHOICE_TOOL)
    return reply.tool(PLAN_CHOICE_TOOL, { distribution: distributionOver(r, { alone: 1 }) });
  if (forcedTool(r) === PLAN_TOOL) return reply.tool(PLAN_TOOL, { steps: [{ toolId: 'ask.unsupported', args: {} }] });
  if (forcedTool(r) === JUDGE_TOOL) {
    const card = (phrase: string) => [...cards(r)].find(([, c]) => c.includes(phrase))?.[0] ?? 'n/a';
    return reply.tool(JUDGE_TOOL, {
      distribution: distributionOver(r, {
        [card('intake screening model still works')]: 0.46,
        [card('okay to keep using')]: 0.44,
        'n/a': 0.1,
      }),
    });
  }
  return reply.text(ANSWER);
};

const composeRequest = (onText?: (d: string) => void): ComposeRequest => ({
  question: 'Who is in Missio Nexus, and who are its treasurers?',
  observations: [
    {
      id: 's1',
      toolId: 'organization.members.list',
      source: 'vault',
      text: 'Missio Nexus: Bob (member), Dave (member), Nathan (treasurer), Carol (treasurer).',
    },
  ],
  brief: false,
  material: [],
  problems: [],
  ...(onText !== undefined ? { onText } : {}),
});

export const suite: BenchSuite = {
  description: `PLUMBING: Anthropic adapter + real SDK vs the scripted Messages server (${LATENCY_MS} ms latency, ${CHUNK_DELAY_MS} ms per streamed delta) — calls, tokens, cache reads, first-token vs total; not model time`,
  async run(): Promise<BenchRow[]> {
    const server = await startScriptedMessagesServer({ script, latencyMs: LATENCY_MS, chunkDelayMs: CHUNK_DELAY_MS });
    try {
      const records: CallRecord[] = [];
      const model = createAnthropicModel(
        { apiKey: 'bench-key', baseURL: server.url, maxRetries: 0 },
        { onCall: (r) => records.push(r) },
      );

      // A judged ask through the harness (5.6: borderline, so the judge is asked twice; the second reads the cache).
      const world = await memoryWorld({ model, ontology: GENERATED_ONTOLOGY });
      const judged = await world.ask({
        to: world.who.missio,
        message: 'Is our intake screening model okay to keep using?',
      });
      if (!judged.ok || judged.data.reply.kind !== 'prompt')
        throw new Error('the judged ask did not end in a clarify prompt');
      const calls = judged.data.reply.plannerTrace.calls;

      // The adapter's own time per judge call against the bare SDK sending the very same body to the same server.
      const adapterJudge = median(
        await measure(() => model.judgeSkills(judgeRequest('Review the intake model.')), RUNS, 2),
      );
      const sent = server.requests.at(-1)!.body as unknown as Anthropic.MessageCreateParamsNonStreaming;
      const client = new Anthropic({ apiKey: 'bench-key', baseURL: server.url, maxRetries: 0 });
      const bare = median(await measure(() => client.messages.create(sent), RUNS, 2));

      // Streaming against not streaming, the same answer, the same simulated generation time.
      const whole = median(await measure(() => model.compose(composeRequest()), RUNS, 2));
      records.length = 0;
      await measure(() => model.compose(composeRequest(() => undefined)), RUNS, 2);
      const streamed = records.slice(2);
      const first = median(streamed.map((r) => r.firstTextMs ?? Number.NaN));
      const total = median(streamed.map((r) => r.ms));

      // The held-out set with a model configured: which cases the deterministic stages decide before any model call
      // (that share does not depend on the model's answers), and the calls and tokens the rest cost here.
      server.setLatency(0);
      server.setChunkDelay(0);
      const heldout = await runEvaluation(casesFromOntology('heldout'), { makeWorld: makeMemoryWorld, model });
      return [
        {
          name: 'held-out set, model configured: cases decided with zero model calls',
          value: heldout.totals.zeroModelCalls,
          unit: 'count',
        },
        {
          name: `held-out set: share decided with zero model calls (of ${heldout.totals.cases})`,
          value: heldout.totals.zeroModelCallShare,
          unit: 'x',
        },
        {
          name: 'held-out set: model calls per case (scripted answers)',
          value: heldout.totals.callsPerCase,
          unit: 'count',
        },
        {
          name: 'held-out set: input tokens per case (simulated count)',
          value: heldout.totals.tokensPerCase.input,
          unit: 'count',
        },
        {
          name: 'held-out set: of which read from the cache, per case',
          value: heldout.totals.tokensPerCase.cached,
          unit: 'count',
        },
        {
          name: 'held-out set: output tokens per case (simulated count)',
          value: heldout.totals.tokensPerCase.output,
          unit: 'count',
        },
        { name: 'judged ask (5.6) through the harness: model calls', value: calls.length, unit: 'count' },
        {
          name: 'judged ask: input tokens, both calls (simulated count)',
          value: calls.reduce((a, c) => a + c.inputTokens, 0),
          unit: 'count',
        },
        {
          name: 'judged ask: of which read from the prompt cache',
          value: calls.reduce((a, c) => a + c.cachedInputTokens, 0),
          unit: 'count',
        },
        { name: 'judged ask: output tokens', value: calls.reduce((a, c) => a + c.outputTokens, 0), unit: 'count' },
        {
          name: `bare SDK call, the same judge request body (${LATENCY_MS} ms latency), median`,
          value: bare,
          unit: 'ms',
        },
        { name: 'adapter judge call (prompt, tool_use, zod), median', value: adapterJudge, unit: 'ms' },
        { name: 'adapter judge call / bare SDK call', value: adapterJudge / bare, unit: 'x' },
        { name: 'composed answer, not streamed: total, median', value: whole, unit: 'ms' },
        { name: 'composed answer, streamed: first text, median', value: first, unit: 'ms' },
        { name: 'composed answer, streamed: total, median', value: total, unit: 'ms' },
        { name: 'streamed first text / non-streamed total', value: first / whole, unit: 'x' },
      ];
    } finally {
      await server.close();
    }
  },
};
