import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FITTED_CALIBRATION_MAP } from '../src/agent/testing/fitted-calibration-map';
import { JUDGE_TOOL } from '../src/adapters/model/prompts/judge';
import { PLAN_CHOICE_TOOL } from '../src/adapters/model/prompts/plan-choice';
import { distributionOver, forcedTool, planOptions } from '../src/adapters/model/testing/read-prompt';
import { demoAddressOf } from '../src/agent/demo';
import { reply } from '../src/testing/scripted-messages-script';
import {
  startScriptedMessagesServer,
  type RecordedRequest,
  type ScriptedMessagesServer,
} from '../src/testing/scripted-messages-server';

/**
 * `--calibration FILE` through the built door (cli/door.mjs), its model the real SDK against the scripted Messages
 * server on 127.0.0.1 (the stand-in for the hosted model): a judged ask is accepted by the conformal set of the map
 * given, and the trace cites the map's digest; a map edited after fitting is refused in words, and without a model
 * the door says the map is unused.
 */
const ROOT = resolve(__dirname, '..');
const DOOR = join(ROOT, 'cli/door.mjs');
type Ran = { code: number; stdout: string; stderr: string };
type Selection = { arm: string; outcome: string; choice: string | null; calibrationDigest?: string };

let server: ScriptedMessagesServer;
let dir: string;
let vault: string;
const map = FITTED_CALIBRATION_MAP;

/** Judges the letter skill, takes the one-step plan, writes the letter. */
function script(r: RecordedRequest) {
  const tool = forcedTool(r);
  if (tool === JUDGE_TOOL)
    return reply.tool(JUDGE_TOOL, { distribution: distributionOver(r, { 'grant-inquiry-letter': 0.9, 'n/a': 0.1 }) });
  if (tool === PLAN_CHOICE_TOOL) {
    const one = planOptions(r).find((o) => o.tools.length === 1)!;
    return reply.tool(PLAN_CHOICE_TOOL, { distribution: distributionOver(r, { [one.id]: 0.9 }) });
  }
  return reply.text('Dear Marlow Foundation, we write to introduce Missio Nexus.');
}

function cli(args: string[], model: boolean): Promise<Ran> {
  const env = {
    ...process.env,
    HOME_AGENT_TEST_KDF: '1',
    HOME_AGENT_PASSPHRASE: 'test passphrase',
    ANTHROPIC_API_KEY: model ? 'sk-ant-calibration-test-0123456789' : '',
    ANTHROPIC_BASE_URL: model ? server.url : '',
  };
  return new Promise((done) => {
    execFile(process.execPath, [DOOR, ...args, '--vault', vault], { cwd: ROOT, env, timeout: 90_000 }, (e, o, s) =>
      done({ code: e === null ? 0 : typeof e.code === 'number' ? e.code : 1, stdout: o, stderr: s }),
    );
  });
}
async function letter(extra: string[]): Promise<Selection | undefined> {
  const to = await demoAddressOf('missio-nexus');
  const ran = await cli(['Write the Marlow Foundation inquiry letter.', '--to', to, '--json', ...extra], true);
  expect(ran.code, ran.stderr).toBe(0);
  const out = JSON.parse(ran.stdout) as { data: { reply: { plannerTrace: { selection?: Selection } } } };
  return out.data.reply.plannerTrace.selection;
}

beforeAll(async () => {
  server = await startScriptedMessagesServer({ script });
  dir = await mkdtemp(join(tmpdir(), 'home-cli-calibration-'));
  vault = join(dir, 'alice.vault');
  await writeFile(join(dir, 'map.json'), JSON.stringify(map));
  await writeFile(join(dir, 'edited.json'), JSON.stringify({ ...map, qHat: 0.99 }));
  // The door builds itself when its build is missing or stale (cli/fresh.mjs).
  expect((await cli(['--init-demo'], false)).code).toBe(0);
}, 180_000);
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run ask -- --calibration FILE', () => {
  it('the judge accepts by the conformal set of the map given, and its trace cites the map’s digest', async () => {
    expect(await letter([])).toMatchObject({ arm: 'fast', outcome: 'chosen', choice: 'grant-inquiry-letter' });
    const calibrated = await letter(['--calibration', join(dir, 'map.json')]);
    expect(calibrated).toMatchObject({ arm: 'conformal', outcome: 'chosen', choice: 'grant-inquiry-letter' });
    expect(calibrated?.calibrationDigest).toBe(map.digest);
  }, 120_000);

  it('refuses a map edited after fitting, or one that is not there, in words, before anything is asked', async () => {
    const asked = server.requests.length;
    const edited = await cli(['--pending', '--calibration', join(dir, 'edited.json')], true);
    expect(edited.code).toBe(1);
    expect(edited.stderr).toMatch(/^CALIBRATION_MAP_TAMPERED: .*refit it rather than edit it/);
    const missing = await cli(['--pending', '--calibration', join(dir, 'none.json')], true);
    expect(missing.stderr).toMatch(/^CALIBRATION_MAP_INVALID: There is no calibration map to read at/);
    expect(server.requests.length).toBe(asked);
  }, 60_000);

  it('says in words that the map is unused when no model is configured', async () => {
    const ran = await cli(['--pending', '--calibration', join(dir, 'map.json')], false);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toMatch(/calibration map is unused: no model is configured/);
  }, 60_000);
});
