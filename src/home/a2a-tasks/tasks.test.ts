import { Task } from '@a2a-js/sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { realWorld, type RealWorld } from '../../agent/testing/real-world';
import type { A2AStatusUpdate, A2ATask } from '../../protocol/a2a-task';
import { DEMO_PEOPLE } from '../../protocol/demo-identities';
import { toWireError } from '../../protocol/errors';
import { a2aSendMessage } from './testing';
import { createA2ATasks, type A2ATasks } from './tasks';

/**
 * The A2A face of the person's agent over real parts: the composition root the worker uses, on the Dexie vault
 * (fake-indexeddb) with Alice's demo Home and the embedded EVM with the MetaMask Delegation Framework. HeartCoach's
 * demo service key signs the caller assertions, as its gateway does. Every Task is checked against @a2a-js/sdk
 * 1.3.0's own JSON codec: what we send is exactly what the SDK reads and writes back.
 */
const ORIGIN = 'http://127.0.0.1:5173';
const page = { origin: ORIGIN, door: 'page' as const };
let w: RealWorld;
let tasks: A2ATasks;
let heard: { update: A2AStatusUpdate; origin: string }[];
let wireHash: `0x${string}`;
let ids = 0;

const asSdk = (task: A2ATask) => Task.toJSON(Task.fromJSON(task));
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => toWireError(e),
  );
const send = async (
  words: string,
  extra: Parameters<typeof a2aSendMessage>[1] extends infer T ? Partial<T> : never = {},
) => tasks.sendMessage(await a2aSendMessage(w.agent(), { words, wireHash, ...extra }), page);
const contacts = async () => w.agent().parts.vault.records.count('contact', (await w.agent().owner()).toLowerCase());

beforeEach(async () => {
  w = await realWorld({ model: null });
  tasks = createA2ATasks({ agent: async () => w.agent(), newId: () => `id-${++ids}` });
  heard = [];
  tasks.subscribe((update, origin) => heard.push({ update, origin }));
  // The app may read the person's contacts: and organizations: the person ticked them when signing its wire.
  wireHash = await w.grantWire(ORIGIN, { folders: ['readings'], kinds: ['contacts', 'organizations'] });
});

describe('SendMessage becomes a task of the person’s agent', () => {
  it('a read completes at once, its answer an artifact, in A2A’s own JSON', async () => {
    const { task } = await send('How many contacts do I have?');
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts?.[0]?.parts[0]).toEqual({ text: expect.stringMatching(/You have 4 contacts/) });
    expect(task.history?.[0]).toMatchObject({ role: 'ROLE_USER', taskId: task.id, contextId: task.contextId });
    expect(asSdk(task)).toEqual(task);
    expect(await tasks.getTask({ id: task.id }, page)).toEqual(task);
  });

  it('an act parks as AUTH_REQUIRED with the requirement in words and the grant link; signed, it completes with the receipt', async () => {
    const before = await contacts();
    const { task } = await send('Add dave to my contacts.');
    expect(task.status.state).toBe('TASK_STATE_AUTH_REQUIRED');
    const [words, data] = task.status.message!.parts as [{ text: string }, { data: Record<string, unknown> }];
    expect(words.text).toMatch(
      /waits for the person to sign in their own Home Agent popup \(home-agent:\/\/home\/you\?run=/,
    );
    expect(data.data).toMatchObject({
      grantLink: expect.stringContaining('?run='),
      requirement: { capability: expect.any(String), delegate: w.who.harnessAgent },
    });
    expect(asSdk(task)).toEqual(task);
    // Nothing is done until the person signs, and the app cannot move the task on its own word.
    expect(await contacts()).toBe(before);
    expect((await tasks.getTask({ id: task.id }, page)).status.state).toBe('TASK_STATE_AUTH_REQUIRED');

    const runRef = task.metadata!.runRef as string;
    const { response } = await w.agent().sign({ runRef, surface: 'popup' });
    expect(response.ok && response.data.reply.kind).toBe('done');
    const settled = await tasks.settle(runRef);
    expect(settled?.status.state).toBe('TASK_STATE_COMPLETED');
    const receipt = settled!.artifacts!.find((a) => a.name === 'receipt')!;
    const { receipts } = (receipt.parts[0] as { data: { receipts: { status: string; runRef: string }[] } }).data;
    expect(receipts).toContainEqual(expect.objectContaining({ status: 'committed', runRef }));
    expect(await contacts()).toBe(before + 1);
    expect(asSdk(settled!)).toEqual(settled);
    // Subscribers heard A2A status updates: AUTH_REQUIRED, then COMPLETED, for this task's origin only.
    expect(heard.map((h) => [h.update.taskId, h.update.status.state, h.origin])).toEqual([
      [task.id, 'TASK_STATE_AUTH_REQUIRED', ORIGIN],
      [task.id, 'TASK_STATE_COMPLETED', ORIGIN],
    ]);
    // A terminal task stays as it is.
    expect(await tasks.getTask({ id: task.id }, page)).toEqual(settled);
  });

  it('CancelTask before signing leaves nothing done and withdraws the signature request', async () => {
    const before = await contacts();
    const { task } = await send('Add dave to my contacts.');
    const runRef = task.metadata!.runRef as string;
    expect((await w.agent().pending()).map((r) => r.runRef)).toContain(runRef);
    const canceled = await tasks.cancelTask({ id: task.id }, page);
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
    expect(asSdk(canceled)).toEqual(canceled);
    expect((await w.agent().pending()).map((r) => r.runRef)).not.toContain(runRef);
    expect((await w.agent().parts.vault.mandates.list({ runRef })).rows).toEqual([]);
    expect(await contacts()).toBe(before);
    // The person can no longer sign it, and a second cancel is refused as A2A's TaskNotCancelableError.
    expect((await refusal(w.agent().sign({ runRef, surface: 'popup' })))?.code).toBeDefined();
    expect(await refusal(tasks.cancelTask({ id: task.id }, page))).toMatchObject({
      code: 'TASK_NOT_CANCELABLE',
      details: { a2aCode: -32002 },
    });
    expect(heard.at(-1)?.update.status.state).toBe('TASK_STATE_CANCELED');
  });

  it('a task the person declined reads REJECTED, not CANCELED', async () => {
    const { task } = await send('Add dave to my contacts.');
    await w.agent().decline({ runRef: task.metadata!.runRef as string, surface: 'popup' });
    expect((await tasks.getTask({ id: task.id }, page)).status.state).toBe('TASK_STATE_REJECTED');
  });
});

describe('refused in words', () => {
  it('another caller learns only that there is no such task', async () => {
    const { task } = await send('Add dave to my contacts.');
    const elsewhere = { origin: 'http://127.0.0.1:9999', door: 'page' as const };
    for (const call of [tasks.getTask({ id: task.id }, elsewhere), tasks.cancelTask({ id: task.id }, elsewhere)])
      expect(await refusal(call)).toMatchObject({ code: 'TASK_NOT_FOUND', details: { a2aCode: -32001 } });
    expect((await tasks.getTask({ id: task.id }, page)).status.state).toBe('TASK_STATE_AUTH_REQUIRED');
  });

  it('the ask-as-me door’s refusals create no task: a replayed assertion, another signer, another origin', async () => {
    const params = await a2aSendMessage(w.agent(), { words: 'How many contacts do I have?', wireHash });
    await tasks.sendMessage(params, page);
    expect(await refusal(tasks.sendMessage(params, page))).toMatchObject({ code: 'ASSERTION_REPLAYED' });
    const stranger = await a2aSendMessage(w.agent(), {
      words: 'How many contacts do I have?',
      wireHash,
      key: DEMO_PEOPLE.stranger.privateKey,
    });
    expect(await refusal(tasks.sendMessage(stranger, page))).toMatchObject({ code: 'ASSERTION_NOT_BY_DELEGATE' });
    const fresh = await a2aSendMessage(w.agent(), { words: 'How many contacts do I have?', wireHash });
    expect(await refusal(tasks.sendMessage(fresh, { origin: 'http://evil.example', door: 'page' }))).toMatchObject({
      code: 'WIRE_WRONG_ORIGIN',
    });
    expect(heard).toHaveLength(1);
  });

  it('a message without the credential, with a file part, or continuing a task is refused', async () => {
    const params = await a2aSendMessage(w.agent(), { words: 'How many contacts do I have?', wireHash });
    const message = params.message as Record<string, unknown>;
    expect(await refusal(tasks.sendMessage({ message }, page))).toMatchObject({ code: 'BAD_INPUT' });
    expect(
      await refusal(
        tasks.sendMessage({ ...params, message: { ...message, parts: [{ url: 'https://x.example/a' }] } }, page),
      ),
    ).toMatchObject({ code: 'PART_NOT_SUPPORTED', details: { a2aCode: -32005 } });
    expect(
      await refusal(tasks.sendMessage({ ...params, message: { ...message, taskId: 'id-1' } }, page)),
    ).toMatchObject({
      code: 'TASK_CONTINUATION_UNSUPPORTED',
      details: { a2aCode: -32004 },
    });
    expect(await refusal(tasks.getTask({ id: 'no-such-task' }, page))).toMatchObject({ code: 'TASK_NOT_FOUND' });
  });
});
