import type { HarnessReply } from '../src/protocol/harness-reply';
import { GENERATED_ONTOLOGY, NOT_APPLICABLE, type JudgeRequest } from '../src/harness';
import {
  memoryWorld,
  distribution,
  planAnswer,
  scriptedModel,
  textAnswer,
  ZERO_USAGE,
  type World,
} from '../src/harness/testing';
import { groundingRows } from './grounding';
import { measure, median, type BenchRow, type BenchSuite } from './run';

/**
 * The harness's own time per ask: with a zero-latency scripted model, so every millisecond is the
 * harness's — compiled read, act to authority_required, resume to done, a model-planned read, a two-step plan —
 * each against a bare vault read measured in the same run. Over the in-memory fakes for now; phase 2 adds the same
 * rows over the real vault (fake-indexeddb) and the embedded chain.
 */
const RUNS = 200;
/** Enough unmeasured asks that module loading and JIT warm-up are not counted as the harness's time. */
const WARMUP = 30;

function replyKind(result: Awaited<ReturnType<World['ask']>>): HarnessReply['kind'] {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data.reply.kind;
}

async function timed(
  label: string,
  expected: HarnessReply['kind'],
  ask: () => ReturnType<World['ask']>,
): Promise<number> {
  const times = await measure(
    async () => {
      const kind = replyKind(await ask());
      if (kind !== expected) throw new Error(`${label}: expected ${expected}, got ${kind}`);
    },
    RUNS,
    WARMUP,
  );
  return median(times);
}

async function resumeToDone(w: World): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const asked = await w.ask({ message: 'Send 2 USDC to nathan.treasury toward the retreat deposit.' });
    if (!asked.ok || asked.data.reply.kind !== 'authority_required') throw new Error('expected authority_required');
    const signed = await w.sign(asked.data.reply.requirement, 'alice');
    const started = performance.now();
    const kind = replyKind(await w.ask({ runRef: asked.data.runRef, supplied: [signed] }));
    if (i >= WARMUP) times.push(performance.now() - started);
    if (kind !== 'done') throw new Error(`resume: expected done, got ${kind}`);
  }
  return median(times);
}

export const suite: BenchSuite = {
  description:
    'harness time per ask, zero-latency scripted model, in-memory ports; ratios to a bare vault read in the same run',
  async run(): Promise<BenchRow[]> {
    const w = await memoryWorld({ model: null, ontology: GENERATED_ONTOLOGY });
    const vault = w.harness().context.vault;
    const bare = median(await measure(() => vault.memberships.ofOrganization(w.who.missio), RUNS, WARMUP));

    const compiled = await timed('compiled read', 'answer', () =>
      w.ask({ message: "Who's in Missio Nexus right now?" }),
    );
    const act = await timed('act', 'authority_required', () =>
      w.ask({ message: 'Can you get david added to Missio Nexus?' }),
    );
    const resume = await resumeToDone(w);

    const plannedModel = scriptedModel(
      {
        planner: [
          planAnswer({ steps: [{ toolId: 'organization.members.list', args: { organization: 'Missio Nexus' } }] }),
        ],
      },
      { repeatLast: true },
    );
    const planned = await memoryWorld({
      model: plannedModel,
      ontology: GENERATED_ONTOLOGY,
      settings: { compiledShapes: false },
    });
    const modelPlanned = await timed('model-planned read', 'answer', () =>
      planned.ask({ message: 'Which people are members of Missio Nexus?' }),
    );

    const skill = (pattern: RegExp) => (r: JudgeRequest) => r.options.map((o) => o.id).find((id) => pattern.test(id))!;
    const twoStepModel = scriptedModel(
      {
        judge: [(r) => distribution({ [skill(/inquiry/)(r)]: 0.8, [NOT_APPLICABLE]: 0.2 })],
        planChoice: [
          (r) => ({
            distribution: Object.fromEntries(r.options.map((o) => [o.id, o.tools.length === 2 ? 1 : 0])),
            usage: { ...ZERO_USAGE },
          }),
        ],
        skill: [textAnswer('Dear Marlow Foundation, …')],
      },
      { repeatLast: true },
    );
    const org = await memoryWorld({ model: twoStepModel, ontology: GENERATED_ONTOLOGY });
    const twoStep = await timed('two-step plan', 'answer', () =>
      org.ask({
        to: org.who.missio,
        message: 'Write the Marlow Foundation inquiry letter, and once it is done put it on our funding tracker.',
      }),
    );

    const grounding = await groundingRows(40, 5);
    return [
      {
        name: `bare vault read (members of an organization, in-memory: ${(bare * 1000).toFixed(1)} µs)`,
        value: bare,
        unit: 'ms',
      },
      { name: 'compiled read (5.1), median per ask', value: compiled, unit: 'ms', target: '≤ 20 ms' },
      { name: 'act to authority_required (5.2), median per ask', value: act, unit: 'ms' },
      { name: 'resume to done (5.4 payment, signed mandate), median', value: resume, unit: 'ms' },
      {
        name: 'model-planned read, zero-latency model, median',
        value: modelPlanned,
        unit: 'ms',
        target: '≤ 50 ms beyond model time',
      },
      {
        name: 'two-step plan (5.7: judge, plan-choice, two skills), median',
        value: twoStep,
        unit: 'ms',
        target: '≤ 50 ms beyond model time',
      },
      { name: 'compiled read / bare vault read', value: compiled / bare, unit: 'x' },
      { name: 'act to authority_required / bare vault read', value: act / bare, unit: 'x' },
      { name: 'resume to done / bare vault read', value: resume / bare, unit: 'x' },
      { name: 'model calls per model-planned read', value: plannedModel.count() / (RUNS + WARMUP), unit: 'count' },
      ...grounding,
      {
        name: 'grounding per ask / compiled read',
        value: grounding[grounding.length - 1]!.value / compiled,
        unit: 'x',
      },
    ];
  },
};
