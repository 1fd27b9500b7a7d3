/**
 * The command-line door's compiled read, end to end (`npm run bench -- cli`): each figure a real process spawned
 * over a demo vault file, from start to exit — "Who's in Missio Nexus right now?", answered by compiled shapes (no
 * model). The baseline, in the same run, is the same command through tsx (TypeScript compiled per call, as
 * `npm run ask` ran before); between them, the esbuild bundle without its snapshot. `npm run ask` runs the door
 * (cli/door.mjs: the freshness check, then the bundle in-process; a startup snapshot only where Node can make
 * one, which Node 20 cannot). Wall time on a loaded machine counts the other
 * processes too, so each row also gives the process's own CPU time (user + system, from GNU time).
 * The vault is sealed with test-marked scrypt (the door's own cost); the last rows open one under OWASP's scrypt,
 * as a person's vault is: the passphrase is stretched once per command (the save seals again under the key that
 * opened the file, a fresh IV; before, it stretched a second time to save).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, type BenchRow, type BenchSuite } from './run';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const TIME = '/usr/bin/time';
const READ = "Who's in Missio Nexus right now?";
const TARGET_MS = 1500;

type Timed = { wallMs: number; cpuMs: number | undefined };

function spawnTimed(args: string[], env: NodeJS.ProcessEnv, cpuFile: string): Promise<Timed> {
  const gnuTime = existsSync(TIME);
  const [file, argv] = gnuTime
    ? [TIME, ['-f', '%U %S', '-o', cpuFile, process.execPath, ...args]]
    : [process.execPath, args];
  const started = performance.now();
  return new Promise((done, fail) => {
    execFile(file, argv, { cwd: ROOT, env, timeout: 300_000 }, async (error, stdout, stderr) => {
      const wallMs = performance.now() - started;
      if (error !== null || !/^Missio Nexus has 4 members/.test(stdout)) {
        if (args.includes('--init-demo') && error === null) return done({ wallMs, cpuMs: undefined });
        return fail(new Error(`${args.join(' ')} failed: ${stderr || stdout}`));
      }
      const cpu = gnuTime ? (await readFile(cpuFile, 'utf8')).trim().split(/\s+/).map(Number) : [];
      done({ wallMs, cpuMs: cpu.length === 2 ? (cpu[0]! + cpu[1]!) * 1000 : undefined });
    });
  });
}

async function timeRuns(args: string[], env: NodeJS.ProcessEnv, runs: number, cpuFile: string) {
  await spawnTimed(args, env, cpuFile);
  const timed: Timed[] = [];
  for (let i = 0; i < runs; i++) timed.push(await spawnTimed(args, env, cpuFile));
  const cpu = timed.map((t) => t.cpuMs).filter((c): c is number => c !== undefined);
  return { wall: median(timed.map((t) => t.wallMs)), cpu: cpu.length === 0 ? undefined : median(cpu) };
}

export const suite: BenchSuite = {
  description: "the command line's compiled read end to end (spawned processes): tsx → bundle → the door",
  async run(): Promise<BenchRow[]> {
    const dir = await mkdtemp(join(tmpdir(), 'home-cli-bench-'));
    const base = {
      ...process.env,
      HOME_AGENT_PASSPHRASE: 'bench passphrase',
      ANTHROPIC_API_KEY: '',
      ANTHROPIC_BASE_URL: '',
    };
    const testKdf = { ...base, HOME_AGENT_TEST_KDF: '1' };
    const cpuFile = join(dir, 'cpu');
    const door = join(ROOT, 'cli/door.mjs');
    try {
      const fast = join(dir, 'test-kdf.vault');
      const owasp = join(dir, 'owasp.vault');
      // The first call builds the door when it is stale; it is not timed.
      await spawnTimed([door, '--init-demo', '--vault', fast], testKdf, cpuFile);
      await spawnTimed([door, '--init-demo', '--vault', owasp], base, cpuFile);
      const tsx = await timeRuns(
        [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'cli/ask.ts', READ, '--vault', fast],
        testKdf,
        3,
        cpuFile,
      );
      const bundle = await timeRuns([join(ROOT, '.cache/cli/ask.cjs'), READ, '--vault', fast], testKdf, 5, cpuFile);
      const snapshot = await timeRuns([door, READ, '--vault', fast], testKdf, 5, cpuFile);
      const real = await timeRuns([door, READ, '--vault', owasp], base, 3, cpuFile);
      const rows: BenchRow[] = [];
      const both = (name: string, t: { wall: number; cpu: number | undefined }, target?: string) => {
        rows.push({ name: `${name}: wall, median`, value: t.wall, unit: 'ms', ...(target ? { target } : {}) });
        if (t.cpu !== undefined) rows.push({ name: `${name}: CPU (user + system), median`, value: t.cpu, unit: 'ms' });
      };
      both('baseline: tsx cli/ask.ts (compiled per call)', tsx);
      both('bundle: node .cache/cli/ask.cjs (no snapshot)', bundle);
      both('npm run ask: node cli/door.mjs (freshness check, then the bundle)', snapshot, `≤ ${TARGET_MS} ms`);
      rows.push({ name: 'door / tsx, wall', value: snapshot.wall / tsx.wall, unit: 'x' });
      rows.push({ name: 'bundle / tsx, wall', value: bundle.wall / tsx.wall, unit: 'x' });
      if (snapshot.cpu !== undefined && tsx.cpu !== undefined && bundle.cpu !== undefined) {
        rows.push({ name: 'door / tsx, CPU', value: snapshot.cpu / tsx.cpu, unit: 'x' });
        rows.push({ name: 'door / bundle, CPU', value: snapshot.cpu / bundle.cpu, unit: 'x' });
      }
      both('the door over a vault sealed with OWASP scrypt (one stretch)', real, `≤ ${TARGET_MS} ms`);
      return rows;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
