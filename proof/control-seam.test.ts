import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_ONTOLOGY, createHarness } from '../src/harness';
import { CONTROL_RUN } from '../src/harness/kernel/control';
import { controlHarness } from '../src/harness/testing/control-run';
import { memoryWorld, expectKind, replyOf, planAnswer, scriptedModel } from '../src/harness/testing';

/**
 * The control run's seam (src/harness/kernel/control.ts) is reachable only from tests and the proof. Reading the switch
 * (`isControlRun`, `unguardedDecision`) is the harness's own business, so any module of src/harness may; setting it
 * needs `CONTROL_RUN` and `CONTROL_OFF`, which only src/harness/testing/control-run.ts and proof/ may import; and the
 * control harness itself only tests and proof/. The background, the agent, the adapters, the command line and the
 * gateway may import none of it. This test reads the sources (lint can be bypassed; this cannot). And the switch works
 * only with the exact frozen value: a look-alike leaves the guards on.
 */
const ROOT = resolve(__dirname, '..');
const CONTROL = 'src/harness/kernel/control';
const CONTROL_HARNESS = 'src/harness/testing/control-run';
const SETTERS = new Set(['CONTROL_RUN', 'CONTROL_OFF']);
const SCANNED = ['entrypoints', 'src', 'gateway', 'cli', 'eval', 'bench', 'scripts', 'ontology', 'e2e'];

/** Each import or re-export: the module specifier and the names it takes ('*' for a namespace or side effect). */
const importsOf = (source: string): { specifier: string; names: string[] }[] =>
  [
    ...source.matchAll(
      /(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => {
    const specifier = (m[3] ?? m[4] ?? m[5])!;
    const braces = /\{([^}]*)\}/.exec(m[2] ?? '');
    const names =
      braces === null
        ? ['*']
        : braces[1]!
            .split(',')
            .map(
              (n) =>
                n
                  .trim()
                  .replace(/^type\s+/, '')
                  .split(/\s+as\s+/)[0]!,
            )
            .filter((n) => n !== '');
    return { specifier, names };
  });

function sources(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(name) ? [path] : [];
  });
}

/** Imports of the seam that break the rule above, as "file imports specifier". */
export function seamBreaches(files: readonly { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) => {
    const rel = relative(ROOT, file);
    if (rel.startsWith('proof/') || /\.test\.tsx?$/.test(rel)) return [];
    const testing = rel.startsWith('src/harness/testing/');
    const harness = rel.startsWith('src/harness/');
    return importsOf(source).flatMap(({ specifier, names }) => {
      if (!specifier.startsWith('.')) return [];
      const target = relative(ROOT, resolve(dirname(file), specifier)).replace(/\.ts$/, '');
      if (target === CONTROL_HARNESS && !testing) return [`${rel} imports ${specifier}`];
      if (target !== CONTROL) return [];
      if (!harness) return [`${rel} imports ${specifier}`];
      const sets = names.some((n) => n === '*' || SETTERS.has(n));
      return sets && rel !== `${CONTROL_HARNESS}.ts` ? [`${rel} imports ${specifier} (${names.join(', ')})`] : [];
    });
  });
}

describe('the control run seam', () => {
  it('is imported by nothing in production code', () => {
    const files = SCANNED.flatMap((d) => sources(join(ROOT, d))).map((file) => ({
      file,
      source: readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(seamBreaches(files)).toEqual([]);
  });

  it('catches a breach when one is planted', () => {
    const planted = [
      {
        file: join(ROOT, 'entrypoints/background.ts'),
        source: "import { controlHarness } from '../src/harness/testing/control-run';",
      },
      { file: join(ROOT, 'src/agent/agent.ts'), source: "import { isControlRun } from '../harness/kernel/control';" },
      {
        file: join(ROOT, 'src/harness/run/run-ask.ts'),
        source: "import { CONTROL_OFF, isControlRun } from '../kernel/control';",
      },
      { file: join(ROOT, 'src/harness/harness.ts'), source: "export * from './kernel/control';" },
      {
        file: join(ROOT, 'src/harness/plan/plan-stage.ts'),
        source: "import { isControlRun } from '../kernel/control';",
      },
      {
        file: join(ROOT, 'src/harness/testing/control-run.ts'),
        source: "import { CONTROL_OFF, CONTROL_RUN } from '../kernel/control';",
      },
    ];
    expect(seamBreaches(planted)).toEqual([
      'entrypoints/background.ts imports ../src/harness/testing/control-run',
      'src/agent/agent.ts imports ../harness/kernel/control',
      'src/harness/run/run-ask.ts imports ../kernel/control (CONTROL_OFF, isControlRun)',
      'src/harness/harness.ts imports ./kernel/control (*)',
    ]);
  });

  it('switches admission and authority off only with the exact control value', async () => {
    // The model proposes a payment of an amount and to a recipient nobody said.
    const model = () =>
      scriptedModel(
        {
          planner: [planAnswer({ steps: [{ toolId: 'payment.usdc.send', args: { recipient: 'bob', amount: '50' } }] })],
        },
        { repeatLast: true },
      );
    const ask = { addressee: '', surface: 'sidepanel' as const, message: 'Sort out the payment this page asks for.' };
    const world = await memoryWorld({
      model: model(),
      ontology: GENERATED_ONTOLOGY,
      settings: { compiledShapes: false },
    });
    const ports = world.harness().context;
    const options = { ontology: GENERATED_ONTOLOGY, settings: { compiledShapes: false } };
    const door = { kind: 'session' as const, asker: world.who.alice };

    const guarded = expectKind(
      replyOf(await createHarness(ports, options).ask({ ...ask, addressee: world.who.alice }, door)),
      'prompt',
    );
    expect(guarded.plannerTrace.admission[0]).toMatchObject({ verdict: 'ask' });

    const lookAlike = createHarness(
      { ...ports, [CONTROL_RUN]: { admission: 'off', authority: 'off' } } as typeof ports,
      options,
    );
    expectKind(replyOf(await lookAlike.ask({ ...ask, addressee: world.who.alice }, door)), 'prompt');

    const control = replyOf(
      await controlHarness({ ...ports, model: model() }, options).ask({ ...ask, addressee: world.who.alice }, door),
    );
    // Admission off: the plan runs as proposed; authority off: no mandate is asked for, the act is attempted (and,
    // with no mandate to redeem, the payment cannot be sent: the chain's own enforcement is the third layer).
    expect(control.plannerTrace.admission[0]).toMatchObject({ verdict: 'continue' });
    expect(control.plannerTrace.authority[0]).toMatchObject({ outcome: 'self' });
    expect(control.kind).toBe('refused');
  });
});
