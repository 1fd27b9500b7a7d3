import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The command-line door as a person (or a script) uses it: the built door (cli/door.mjs, what `npm run ask` runs),
 * each command a separate process over one vault file, so everything that must survive — runs, mandates, the
 * chain's balances and revocations — crosses a process boundary through the encrypted file. The file is sealed
 * with test-only scrypt parameters (HOME_AGENT_TEST_KDF).
 */
const ROOT = resolve(__dirname, '..');
const DOOR = join(ROOT, 'cli/door.mjs');
type Ran = { code: number; stdout: string; stderr: string };

let dir: string;
let vault: string;
const env = {
  ...process.env,
  HOME_AGENT_TEST_KDF: '1',
  HOME_AGENT_PASSPHRASE: 'test passphrase',
  ANTHROPIC_API_KEY: '',
  ANTHROPIC_BASE_URL: '',
};

function cli(args: string[], options: { file?: string } = {}): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [DOOR, ...args, '--vault', options.file ?? vault],
      { cwd: ROOT, env, timeout: 90_000 },
      (error, stdout, stderr) => {
        done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
      },
    );
  });
}
const json = async (args: string[]) => {
  const ran = await cli([...args, '--json']);
  return {
    ...ran,
    body: JSON.parse(ran.stdout) as {
      ok: boolean;
      data?: { runRef: string; reply: Record<string, unknown> & { kind: string } };
      error?: { code: string };
      signed?: { mandateHash: string };
    },
  };
};

const quoted = (args: string[]) => args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');

/** Runs a command line on a pseudo-terminal (util-linux `script`, through sh) and types `typed` into it. */
function onTerminal(args: string[] | string, typed: string): Promise<Ran> {
  const command = typeof args === 'string' ? args : quoted([process.execPath, DOOR, ...args, '--vault', vault]);
  return new Promise((done) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr: '' }));
    child.stdin.write(`${typed}\n`);
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'home-cli-'));
  vault = join(dir, 'alice.vault');
  // The door builds itself when its build is missing or stale (cli/fresh.mjs); later commands find it fresh.
  const built = await cli(['--version']);
  expect(built).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Home Agent \d+\.\d+\.\d+\n$/) });
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('npm run ask', () => {
  it('creates the demo vault once, answers a read from it, and says what went wrong in words with non-zero codes', async () => {
    const created = await cli(['--init-demo']);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created Alice's demo Home/);
    expect((await stat(vault)).mode & 0o777).toBe(0o600);
    expect(await cli(['--init-demo'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^VAULT_EXISTS: There is already a vault/),
    });
    const header = async () => JSON.parse(await readFile(vault, 'utf8')) as { kdf: unknown; iv: string };
    const before = await header();
    const read = await cli(["Who's in Missio Nexus right now?"]);
    expect(read).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Missio Nexus has 4 members/) });
    // Saved under the key that opened it: the passphrase stretched once for the command, the file sealed afresh.
    const after = await header();
    expect(after.kdf).toEqual(before.kdf);
    expect(after.iv).not.toBe(before.iv);
    expect(await cli(['-h'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Home Agent from the command line/),
    });
    expect(await cli(['--bogus'])).toMatchObject({
      code: 64,
      stderr: expect.stringMatching(/^USAGE: Unknown option --bogus/),
    });
    expect(await cli(['hello'], { file: join(dir, 'missing.vault') })).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^NO_VAULT: There is no vault/),
    });
  }, 120_000);

  it('5.4 across processes: authority_required, no signature without confirmation, then signed, paid once', async () => {
    const asked = await json(['Send 2 USDC to nathan.treasury toward the retreat deposit.']);
    expect(asked.body.data!.reply).toMatchObject({ kind: 'authority_required', capability: 'payment.usdc.send' });
    const runRef = asked.body.data!.runRef;
    const unconfirmed = await cli(['--resume', runRef, '--sign']);
    expect(unconfirmed).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/NEEDS_CONFIRMATION: Nothing was done/),
    });
    const done = await json(['--resume', runRef, '--sign', '--yes']);
    expect(done.code).toBe(0);
    expect(done.body.data!.reply).toMatchObject({ kind: 'done', receipts: [{ observation: 'confirmed' }] });
    expect(done.body.signed!.mandateHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await cli(["What's my balance?"])).stdout).toMatch(/Your balance is 998 USDC/);
    const again = await json(['--resume', runRef]);
    expect(again.body.data!.reply).toMatchObject({ kind: 'done', plannerTrace: { plannerUsed: 'replay' } });
    expect((await cli(["What's my balance?"])).stdout).toMatch(/Your balance is 998 USDC/);
  }, 180_000);

  it('routes an organization’s step to its agent across processes, and its steward signs it', async () => {
    const asked = await json(['invite david to Missio Nexus']);
    expect(asked.body.data!.reply).toMatchObject({
      kind: 'authority_required',
      capability: 'organization.membership.invite',
      summary: expect.stringMatching(/^Missio Nexus’s agent judged this step/),
    });
    const done = await json(['--resume', asked.body.data!.runRef, '--sign', '--yes']);
    expect(done.body.data!.reply).toMatchObject({ kind: 'done', receipts: [{ presentedRef: 'routed' }] });
    expect((await cli(["Who's in Missio Nexus right now?"])).stdout).toMatch(/Missio Nexus has 5 members/);
  }, 180_000);

  it('answers a choice and a data prompt, and signs on a terminal only when "sign" is typed', async () => {
    const choice = await json(['invite bob to thompson']);
    expect(choice.body.data!.reply).toMatchObject({ kind: 'prompt', prompt: { kind: 'choice' } });
    const chosen = await json(['--resume', choice.body.data!.runRef, '--choose', '2']);
    expect(chosen.body.data!.reply).toMatchObject({
      kind: 'authority_required',
      capability: 'organization.membership.invite',
    });
    const data = await json(['Pay nathan.treasury back for the hymnals.']);
    const answered = await json(['--resume', data.body.data!.runRef, '--answer', '12']);
    expect(answered.body.data!.reply).toMatchObject({
      kind: 'authority_required',
      requirement: { caveats: { maxAmount: '12000000' } },
    });
    const wrong = await onTerminal(['--resume', answered.body.data!.runRef, '--sign'], 'yes please');
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/NOT_CONFIRMED: Not confirmed; nothing was done/);
    const typed = await onTerminal(['--resume', answered.body.data!.runRef, '--sign'], 'sign');
    expect(typed.code).toBe(0);
    expect(typed.stdout).toMatch(/Sent 12 USDC to Nathan Reyes/);
  }, 180_000);

  it('an act prints its next steps with the vault it was given; pasted as printed, --sign signs on a terminal', async () => {
    const asked = await cli(['Send 1 USDC to nathan.treasury for the coffee.']);
    expect(asked.code).toBe(0);
    expect(asked.stdout).not.toMatch(/payment\.usdc\.send|harness/);
    const sign = asked.stdout.split('\n').find((line) => line.includes('--sign'));
    expect(sign).toMatch(/^ {2}→ npm run ask -- --resume \S+ --sign --vault /);
    // Pasted into a shell, in the repository, as printed (npm and all); the person types "sign".
    const pasted = await onTerminal(`cd ${quoted([ROOT])} && ${sign!.replace(/^ {2}→ /, '')}`, 'sign');
    expect(pasted.stdout).toMatch(/Type "sign" to go on/);
    expect(pasted.stdout).toMatch(/Sent 1 USDC to Nathan Reyes/);
    expect(pasted.code).toBe(0);
    expect((await cli(["What's my balance?"])).stdout).toMatch(/Your balance is 985 USDC/);
  }, 180_000);

  it('a revocation made by one command refuses the mandate in the next; a stranger is refused at the door', async () => {
    const asked = await json(['Send 500 USDC to nathan.treasury for the roof.']);
    const runRef = asked.body.data!.runRef;
    const signed = await json(['--resume', runRef, '--sign', '--yes']);
    expect(signed.body.data!.reply).toMatchObject({ kind: 'prompt', prompt: { kind: 'signature' } });
    const revoked = await cli(['--revoke', signed.body.signed!.mandateHash, '--yes']);
    expect(revoked).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Revoked the mandate on chain/) });
    const refused = await cli(['--resume', runRef, '--approve-as', 'bob']);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toMatch(/^Refused \(MANDATE_REVOKED\): This mandate was revoked by 0x/);
    const stranger = await cli(['How many contacts do I have?', '--as', '0x000000000000000000000000000000000000dEaD']);
    expect(stranger).toMatchObject({ code: 2, stdout: expect.stringMatching(/^Refused \(NOT_YOUR_AGENT\)/) });
    expect((await cli(["What's my balance?"])).stdout).toMatch(/Your balance is 985 USDC/);
  }, 180_000);
});
