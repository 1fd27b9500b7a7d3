import { Task } from '@a2a-js/sdk';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2aSendMessage } from '../src/home/a2a-tasks/testing';
import { DEMO_SERVICES } from '../src/protocol/demo-identities';
import { openCliHome } from './home-file';
import { serveA2A, type Serving } from './serve';

/**
 * The command-line door's `--serve`: A2A JSON-RPC on loopback over the vault file, through @a2a-js/sdk's own
 * transport, for an agent outside a browser. Between requests the person signs on the same file, as
 * `npm run ask -- --resume RUN --sign` does; the next GetTask finds the task completed with its receipt.
 */
const env = { HOME_AGENT_TEST_KDF: '1', HOME_AGENT_PASSPHRASE: 'test passphrase', ANTHROPIC_API_KEY: '' };
const ORIGIN = 'http://127.0.0.1:7010';
let dir: string;
let vault: string;
let serving: Serving;
let wireHash: `0x${string}`;
type Rpc = {
  result?: Record<string, unknown> & { task?: Record<string, unknown> };
  error?: { code: number; message: string; data?: { code: string } };
};

const open = () => openCliHome(vault, env, 'existing');
async function rpc(method: string, params: unknown, origin: string | null = ORIGIN): Promise<Rpc> {
  const res = await fetch(serving.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'A2A-Version': '1.0', ...(origin !== null ? { origin } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as Rpc;
}
async function message(words: string) {
  const home = await open();
  return a2aSendMessage(home.agent, { words, wireHash, surface: 'cli' });
}
const stateOf = (task: unknown) => (task as { status: { state: string } }).status.state;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'serve-'));
  vault = join(dir, 'alice.vault');
  const home = await openCliHome(vault, env, 'create');
  // The app may read contacts and organizations: the person ticked them when signing its wire.
  wireHash = (
    await home.agent.grantAskAsMe({
      delegate: DEMO_SERVICES.heartcoach.address,
      origin: ORIGIN,
      days: 30,
      read: { folders: ['readings'], kinds: ['contacts', 'organizations'] },
    })
  ).hash;
  await home.save();
  serving = await serveA2A({ port: 0, openHome: open });
});
afterAll(async () => {
  await serving?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run ask -- --serve', () => {
  it('SendMessage → AUTH_REQUIRED; the person signs on the file; GetTask → COMPLETED with the receipt', async () => {
    const sent = await rpc('SendMessage', await message('Add dave to my contacts.'));
    const task = sent.result!.task!;
    expect(stateOf(task)).toBe('TASK_STATE_AUTH_REQUIRED');
    expect(Task.toJSON(Task.fromJSON(task))).toEqual(task);
    const runRef = (task.metadata as { runRef: string }).runRef;

    const home = await open();
    const { response } = await home.agent.sign({ runRef, surface: 'cli' });
    expect(response.ok && response.data.reply.kind).toBe('done');
    await home.save();

    const got = (await rpc('GetTask', { id: task.id })).result!;
    expect(stateOf(got)).toBe('TASK_STATE_COMPLETED');
    expect((got.artifacts as { name: string }[]).map((a) => a.name)).toContain('receipt');
  });

  it('CancelTask before signing: CANCELED, and the run no longer waits for the person', async () => {
    const task = (await rpc('SendMessage', await message('Remember that I prefer morning calls.'))).result!.task!;
    expect(stateOf(task)).toBe('TASK_STATE_AUTH_REQUIRED');
    const runRef = (task.metadata as { runRef: string }).runRef;
    const canceled = (await rpc('CancelTask', { id: task.id })).result!;
    expect(stateOf(canceled)).toBe('TASK_STATE_CANCELED');
    expect((await (await open()).agent.pending()).map((r) => r.runRef)).not.toContain(runRef);
    expect((await rpc('CancelTask', { id: task.id })).error).toMatchObject({
      code: -32002,
      data: { code: 'TASK_NOT_CANCELABLE' },
    });
  });

  it('refuses in A2A’s codes and our words: no such task, another origin, no origin, a replayed assertion', async () => {
    expect((await rpc('GetTask', { id: 'nope' })).error).toMatchObject({
      code: -32001,
      data: { code: 'TASK_NOT_FOUND' },
    });
    const once = await message('How many contacts do I have?');
    expect(stateOf((await rpc('SendMessage', once)).result!.task)).toBe('TASK_STATE_COMPLETED');
    expect((await rpc('SendMessage', once)).error).toMatchObject({ data: { code: 'ASSERTION_REPLAYED' } });
    expect(
      (await rpc('SendMessage', await message('How many contacts do I have?'), 'http://127.0.0.1:1')).error,
    ).toMatchObject({
      data: { code: 'WIRE_WRONG_ORIGIN' },
    });
    expect((await rpc('GetTask', { id: 'nope' }, null)).error).toMatchObject({ data: { code: 'PAGE_ORIGIN_UNKNOWN' } });
  });
});
