import { realWorld, type RealWorld } from '../src/agent/testing/real-world';
import { GENERATED_ONTOLOGY } from '../src/harness';
import { memoryWorld, planAnswer, scriptedModel, type World } from '../src/harness/testing';
import type { HarnessReply } from '../src/protocol/harness-reply';
import { measure, median, type BenchRow, type BenchSuite } from './run';

/**
 * The harness on real parts, the same asks as bench/harness.bench.ts: the composition root over the Dexie
 * vault on fake-indexeddb and the embedded EVM running the MetaMask framework, with a zero-latency scripted model.
 * The baseline is a bare Dexie read through the vault's repository (a [type+owner] range, validated), measured in
 * the same run; the in-memory compiled read is measured too, so the cost of the real parts shows as its own ratio.
 * Indicative in Node: DESIGN §10 puts the product's vault figures in Chromium.
 */
const RUNS = 60;
const WARMUP = 10;
/** Payments mine a block each; fewer of them. */
const ACTS = 25;

function kindOf(result: Awaited<ReturnType<World['ask']>>): HarnessReply['kind'] {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data.reply.kind;
}

async function timed(
  label: string,
  expected: HarnessReply['kind'],
  ask: () => ReturnType<World['ask']>,
  runs = RUNS,
): Promise<number> {
  return median(
    await measure(
      async () => {
        const kind = kindOf(await ask());
        if (kind !== expected) throw new Error(`${label}: expected ${expected}, got ${kind}`);
      },
      runs,
      WARMUP,
    ),
  );
}

/** Ask, sign (not timed), then the resume that verifies the mandate and acts, timed; `undo` (not timed) resets the world. */
async function resumeToDone(
  w: RealWorld,
  message: string,
  runs: number,
  undo: () => Promise<void> = async () => {},
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    await undo();
    const asked = await w.ask({ message });
    if (!asked.ok || asked.data.reply.kind !== 'authority_required')
      throw new Error(`expected authority_required for “${message}”`);
    const signed = await w.sign(asked.data.reply.requirement, 'alice');
    const started = performance.now();
    const kind = kindOf(await w.ask({ runRef: asked.data.runRef, supplied: [signed] }));
    if (i >= 3) times.push(performance.now() - started);
    if (kind !== 'done') throw new Error(`resume: expected done, got ${kind}`);
  }
  return median(times);
}

export const suite: BenchSuite = {
  description:
    'harness time per ask on the real vault (fake-indexeddb) and the embedded EVM, zero-latency scripted model; ratios to a bare Dexie read in the same run',
  async run(): Promise<BenchRow[]> {
    const w = await realWorld({ model: null });
    const bare = median(await measure(() => w.parts.vault.records.list('membership', w.who.missio), RUNS * 3, WARMUP));
    const memory = await memoryWorld({ model: null, ontology: GENERATED_ONTOLOGY });
    const inMemory = await timed(
      'in-memory compiled read',
      'answer',
      () => memory.ask({ message: "Who's in Missio Nexus right now?" }),
      RUNS * 3,
    );

    const compiled = await timed('compiled read', 'answer', () =>
      w.ask({ message: "Who's in Missio Nexus right now?" }),
    );
    const act = await timed('act', 'authority_required', () =>
      w.ask({ message: 'Can you get david added to Missio Nexus?' }),
    );
    // David is a member after each invite ("already in" needs no act): his membership is removed before the next.
    const removeDavid = async () => {
      const rows = (await w.parts.vault.records.list('membership', w.who.missio)).rows;
      for (const r of rows) if (r.data.member === w.who.david.toLowerCase()) await w.parts.vault.records.delete(r.id);
    };
    const offChain = await resumeToDone(w, 'Can you get david added to Missio Nexus?', ACTS, removeDavid);
    const payment = await resumeToDone(w, 'Send 2 USDC to nathan.treasury toward the retreat deposit.', ACTS);

    const plannedModel = scriptedModel(
      {
        planner: [
          planAnswer({ steps: [{ toolId: 'organization.members.list', args: { organization: 'Missio Nexus' } }] }),
        ],
      },
      { repeatLast: true },
    );
    const planned = await realWorld({ model: plannedModel, settings: { compiledShapes: false } });
    const modelPlanned = await timed('model-planned read', 'answer', () =>
      planned.ask({ message: 'Which people are members of Missio Nexus?' }),
    );

    return [
      {
        name: `bare Dexie read (memberships of an organization: ${(bare * 1000).toFixed(0)} µs)`,
        value: bare,
        unit: 'ms',
      },
      { name: 'compiled read (5.1), in-memory ports, median', value: inMemory, unit: 'ms' },
      { name: 'compiled read (5.1), real vault and chain, median', value: compiled, unit: 'ms', target: '≤ 20 ms' },
      { name: 'act to authority_required (5.2), median', value: act, unit: 'ms' },
      { name: 'resume to done, off-chain act (5.2: ERC-1271 + revocation + use count)', value: offChain, unit: 'ms' },
      { name: 'resume to done, payment (5.4: verify, redeem on the EVM, read back)', value: payment, unit: 'ms' },
      {
        name: 'model-planned read, zero-latency model, median',
        value: modelPlanned,
        unit: 'ms',
        target: '≤ 50 ms beyond model time',
      },
      { name: 'compiled read / bare Dexie read', value: compiled / bare, unit: 'x' },
      { name: 'compiled read, real / in-memory', value: compiled / inMemory, unit: 'x' },
      { name: 'act to authority_required / bare Dexie read', value: act / bare, unit: 'x' },
      { name: 'resume to done (off-chain) / bare Dexie read', value: offChain / bare, unit: 'x' },
      { name: 'resume to done (payment) / bare Dexie read', value: payment / bare, unit: 'x' },
      { name: 'model-planned read / bare Dexie read', value: modelPlanned / bare, unit: 'x' },
    ];
  },
};
