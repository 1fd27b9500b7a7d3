import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CABINET_FOLDERS } from '../../src/ontology/health-portal.generated';
import { testDatabases } from '../testing/databases';
import { demoCabinet } from '../testing/demo-cabinet';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';
import { rpcClient, type RpcClient, type WireTask } from '../testing/rpc-client';

/**
 * A2A conformance over real HTTP on loopback, written from the specification (a2aproject/A2A docs/specification.md)
 * and the conformance kit's mandatory tests (a2aproject/a2a-tck): message metadata is optional (§3.1.1); a
 * consultation is a Task with status, history and artifacts (§4.1), kept in the database; GetTask, ListTasks with
 * cursor paging, CancelTask and TaskNotFoundError -32001 (§3.1.3–3.1.5, §5.4); versions (§3.6.2, -32009); the card
 * with both versions' fields (§8); streaming (§3.1.2) as the coach composes.
 */
describe.each(testDatabases())('A2A conformance on $name', (database) => {
  let gw: TestGateway;
  let alice: RpcClient;
  let dave: RpcClient;
  let data: Record<string, unknown>;
  const bare = (text: string, extra: Record<string, unknown> = {}) => ({
    message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra },
  });
  const withCabinet = (text: string, extra: Record<string, unknown> = {}) => ({
    message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }, { data }], ...extra },
  });

  beforeAll(async () => {
    gw = await startTestGateway(database);
    alice = rpcClient(gw.url, await gw.session('alice'));
    dave = rpcClient(gw.url, await gw.session('dave'));
    data = { cabinet: demoCabinet(), grant: await gw.cabinetGrant('alice', [...CABINET_FOLDERS]), kind: 'question' };
  });
  afterAll(() => gw.close());

  it('answers SendMessage without metadata as the default skill heartcoach.ask; a named skill still selects', async () => {
    const asked = await alice.call('SendMessage', withCabinet('How is my week going?'));
    const task = (asked.result as { task: WireTask }).task;
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    const answer = task.artifacts[0]!.parts[0]!.data as { kind: string; consultationKind: string };
    expect(answer).toMatchObject({ kind: 'answer', consultationKind: 'question' });
    const checkin = await alice.call('SendMessage', {
      message: {
        ...withCabinet('Good morning').message,
        parts: [{ text: 'Good morning' }, { data: { ...data, kind: 'check-in' } }],
        metadata: { skill: 'heartcoach.checkin' },
      },
    });
    const checked = (checkin.result as { task: WireTask }).task.artifacts[0]!.parts[0]!.data;
    expect(checked).toMatchObject({ consultationKind: 'check-in' });
  });

  it('keeps a consultation as a Task: status, history and the answer as its artifact, read back by GetTask', async () => {
    const sent = await alice.call('SendMessage', withCabinet('How is my week going?'));
    const task = (sent.result as { task: WireTask }).task;
    const got = await alice.call('GetTask', { id: task.id });
    const stored = got.result as WireTask;
    expect(stored).toMatchObject({ id: task.id, contextId: task.contextId, status: { state: 'TASK_STATE_COMPLETED' } });
    expect(stored.history[0]).toMatchObject({ role: 'ROLE_USER', parts: [{ text: 'How is my week going?' }, {}] });
    expect(stored.history.at(-1)).toMatchObject({ role: 'ROLE_AGENT' });
    expect(stored.artifacts).toEqual([expect.objectContaining({ artifactId: 'answer', name: 'answer' })]);
    expect(((await alice.call('GetTask', { id: task.id, historyLength: 1 })).result as WireTask).history).toHaveLength(
      1,
    );
    const legacy = await alice.call('tasks/get', { id: task.id }, '0.3');
    expect(legacy.result).toMatchObject({ kind: 'task', id: task.id, status: { state: 'completed' } });
  });

  it('leaves a bare question input-required, and resumes that task when the missing cabinet arrives', async () => {
    const first = (await alice.call('SendMessage', bare('How is my week going?'))).result as { task: WireTask };
    expect(first.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(first.task.status.message!.parts[0]!.text).toMatch(/carries no cabinet/);
    const resumed = await alice.call('SendMessage', {
      message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ data }], taskId: first.task.id },
    });
    const task = (resumed.result as { task: WireTask }).task;
    expect(task).toMatchObject({ id: first.task.id, status: { state: 'TASK_STATE_COMPLETED' } });
    expect(task.history.filter((m) => m.role === 'ROLE_USER')).toHaveLength(2);
    const done = await alice.call('SendMessage', {
      message: { ...withCabinet('again').message, taskId: first.task.id },
    });
    expect(done.error).toMatchObject({ code: -32004 });
  });

  it('lists only the caller’s tasks, newest first, in pages that neither repeat nor skip, filtered by context and state', async () => {
    const contextId = `ctx-${crypto.randomUUID()}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      gw.clock.advance(1000);
      const sent = await alice.call('SendMessage', bare(`question ${i}`, { contextId }));
      ids.push((sent.result as { task: WireTask }).task.id);
    }
    const seen: string[] = [];
    let pageToken = '';
    let pages = 0;
    do {
      const page = (await alice.call('ListTasks', { contextId, pageSize: 2, ...(pageToken ? { pageToken } : {}) }))
        .result as { tasks: WireTask[]; nextPageToken: string; totalSize: number; pageSize: number };
      expect(page).toMatchObject({ totalSize: 5, pageSize: 2 });
      seen.push(...page.tasks.map((t) => t.id));
      pageToken = page.nextPageToken;
      pages += 1;
    } while (pageToken !== '' && pages < 10);
    expect([pages, seen]).toEqual([3, [...ids].reverse()]);
    const listed = (await alice.call('ListTasks', { contextId, status: 'TASK_STATE_COMPLETED' })).result as {
      tasks: WireTask[];
    };
    expect(listed.tasks).toEqual([]);
    const full = (await alice.call('ListTasks', { contextId, pageSize: 1, includeArtifacts: true, historyLength: 0 }))
      .result as { tasks: WireTask[] };
    expect(full.tasks[0]!.history ?? []).toEqual([]);
    const davesView = (await dave.call('ListTasks', { contextId })).result as { tasks: WireTask[]; totalSize: number };
    expect(davesView).toMatchObject({ tasks: [], totalSize: 0 });
    expect((await dave.call('GetTask', { id: ids[0] })).error).toMatchObject({ code: -32001 });
    expect((await alice.call('ListTasks', { pageToken: 'not-a-cursor' })).error).toMatchObject({ code: -32602 });
  });

  it('cancels a task that waits for input or is still working; a finished one is not cancelable (-32002)', async () => {
    const waiting = ((await alice.call('SendMessage', bare('How is my week going?'))).result as { task: WireTask })
      .task;
    const canceled = (await alice.call('CancelTask', { id: waiting.id })).result as WireTask;
    expect(canceled).toMatchObject({ id: waiting.id, status: { state: 'TASK_STATE_CANCELED' } });
    expect(((await alice.call('GetTask', { id: waiting.id })).result as WireTask).status.state).toBe(
      'TASK_STATE_CANCELED',
    );
    gw.model.setLatency(1500);
    try {
      const running = (
        await alice.call('SendMessage', {
          ...withCabinet('How is my week going?'),
          configuration: { returnImmediately: true },
        })
      ).result as { task: WireTask };
      const stopped = (await alice.call('CancelTask', { id: running.task.id })).result as WireTask;
      expect(stopped.status.state).toBe('TASK_STATE_CANCELED');
    } finally {
      gw.model.setLatency(0);
    }
    const finished = (
      (await alice.call('SendMessage', withCabinet('How is my week going?'))).result as { task: WireTask }
    ).task;
    expect((await alice.call('CancelTask', { id: finished.id })).error).toMatchObject({ code: -32002 });
  });

  it('answers an unknown task with TaskNotFoundError -32001 on every task method, in both versions', async () => {
    for (const method of ['GetTask', 'CancelTask'])
      expect((await alice.call(method, { id: 'no-such-task' })).error).toMatchObject({ code: -32001 });
    for (const method of ['tasks/get', 'tasks/cancel'])
      expect((await alice.call(method, { id: 'no-such-task' }, '0.3')).error).toMatchObject({ code: -32001 });
  });

  it('refuses before reading the body without a bearer (401), and an A2A-Version it does not speak with -32009', async () => {
    for (const body of ['', 'not json', '{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}']) {
      const res = await fetch(`${gw.url}/a2a`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'A2A-Version': '1.0' },
        body,
      });
      expect([res.status, res.headers.get('www-authenticate')]).toEqual([401, 'Bearer error="invalid_token"']);
    }
    const unsupported = await alice.call('SendMessage', bare('Hello'), '0.5');
    expect(unsupported.error).toMatchObject({ code: -32009, data: { code: 'version_not_supported' } });
  });

  it('serves a card with the v1.0 interfaces and the v0.3 url, protocolVersion and preferredTransport; streaming on', async () => {
    const card = (await (await fetch(`${gw.url}/.well-known/agent-card.json`)).json()) as Record<string, unknown>;
    expect(card).toMatchObject({
      url: `${gw.url}/a2a`,
      protocolVersion: '0.3.0',
      preferredTransport: 'JSONRPC',
      capabilities: { streaming: true, pushNotifications: false },
      supportedInterfaces: [
        { url: `${gw.url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: `${gw.url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      ],
    });
  });

  it('streams the consultation as the coach composes: the task, working, each act, the answer, completed', async () => {
    const events = await alice.stream('SendStreamingMessage', withCabinet('log my water pill'));
    const kinds = events.map((e) => Object.keys(e.result as object)[0]);
    expect(kinds[0]).toBe('task');
    expect(kinds.at(-1)).toBe('statusUpdate');
    const states = events.flatMap((e) => {
      const update = (e.result as { statusUpdate?: { status: { state: string; message?: WireTask['history'][0] } } })
        .statusUpdate;
      return update === undefined ? [] : [[update.status.state, update.status.message?.parts[0]?.text ?? '']];
    });
    expect(states[0]).toEqual(['TASK_STATE_WORKING', 'HeartCoach is composing its answer.']);
    expect(states.some(([state, text]) => state === 'TASK_STATE_WORKING' && /^✓ /.test(text!))).toBe(true);
    expect(states.at(-1)![0]).toBe('TASK_STATE_COMPLETED');
    expect(kinds.indexOf('artifactUpdate')).toBe(kinds.length - 2);
    const legacy = await alice.stream(
      'message/stream',
      {
        message: {
          kind: 'message',
          messageId: crypto.randomUUID(),
          role: 'user',
          parts: [
            { kind: 'text', text: 'How is my week going?' },
            { kind: 'data', data },
          ],
        },
      },
      '0.3',
    );
    expect(legacy.at(-1)!.result).toMatchObject({ kind: 'status-update', status: { state: 'completed' }, final: true });
  });
});
