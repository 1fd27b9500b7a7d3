import { describe, expect, it } from 'vitest';
import { admitCall } from './admit-call';

const SKILLS = ['heartcoach.ask', 'heartcoach.checkin', 'heartcoach.triage', 'heartcoach.ask.me'];
const v03 = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id: 'r1', method: 'message/send', params: { message }, ...extra });
const seedMessage = {
  role: 'user',
  parts: [{ kind: 'text', text: 'How is my week going?' }],
  metadata: { skill: 'heartcoach.ask', message: 'How is my week going?' },
};

describe('admitCall (seed 000 step 0, before anyone is asked who they are)', () => {
  it("admits the seed's v0.3 envelope as sent (no messageId, no kind) and fills them in", () => {
    const admitted = admitCall(v03(seedMessage), undefined, SKILLS);
    expect(admitted.ok).toBe(true);
    if (!admitted.ok) return;
    expect(admitted.call).toMatchObject({ id: 'r1', version: '0.3', skill: 'heartcoach.ask' });
    expect((admitted.call.envelope.params as { message: { kind: string; messageId: string } }).message).toMatchObject({
      kind: 'message',
      messageId: 'm-r1',
    });
  });

  it('admits a message without metadata, or without a skill in it, as the default skill heartcoach.ask', () => {
    const bare = { role: 'user', parts: [{ kind: 'text', text: 'How is my week going?' }] };
    for (const message of [bare, { ...bare, metadata: {} }, { ...bare, metadata: { patient: undefined } }]) {
      const admitted = admitCall(v03(message), undefined, SKILLS);
      expect(admitted).toMatchObject({ ok: true, call: { skill: 'heartcoach.ask' } });
      if (!admitted.ok) return;
      const params = admitted.call.envelope.params as { message: { metadata: { skill: string } } };
      expect(params.message.metadata.skill).toBe('heartcoach.ask');
    }
    const v1 = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
    });
    expect(admitCall(v1, '1.0', SKILLS)).toMatchObject({ ok: true, call: { skill: 'heartcoach.ask' } });
  });

  it('a skill named in the metadata still selects, and an unknown one is still refused', () => {
    const checkin = admitCall(v03({ ...seedMessage, metadata: { skill: 'heartcoach.checkin' } }), undefined, SKILLS);
    expect(checkin).toMatchObject({ ok: true, call: { skill: 'heartcoach.checkin' } });
    expect(admitCall(v03({ ...seedMessage, metadata: { skill: '' } }), undefined, SKILLS)).toMatchObject({
      ok: false,
      failure: { code: -32602 },
    });
  });

  it('admits v1.0 SendMessage only with A2A-Version: 1.0', () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'SendMessage',
      params: {
        message: {
          messageId: 'm',
          role: 'ROLE_USER',
          parts: [{ text: 'hi' }, { data: { kind: 'question' } }],
          metadata: { skill: 'heartcoach.ask' },
        },
      },
    });
    expect(admitCall(body, '1.0', SKILLS)).toMatchObject({ ok: true, call: { id: 7, version: '1.0' } });
    expect(admitCall(body, undefined, SKILLS)).toMatchObject({
      ok: false,
      failure: { code: -32601, data: { code: 'method_not_found' } },
    });
    expect(admitCall(v03(seedMessage), '1.0', SKILLS)).toMatchObject({ ok: false, failure: { code: -32601 } });
  });

  it.each([
    ['no body', '', -32700, 'The request has no body.'],
    ['not JSON', '{"jsonrpc":', -32700, 'The request body is not JSON.'],
    ['a batch', '[]', -32600, 'Batch requests are not served; send one request.'],
    ['no jsonrpc', JSON.stringify({ id: 1, method: 'message/send' }), -32600, /Not a JSON-RPC 2.0 request/],
    [
      'a fractional id',
      JSON.stringify({ jsonrpc: '2.0', id: 1.5, method: 'message/send' }),
      -32600,
      /Not a JSON-RPC 2.0 request/,
    ],
    [
      'an unknown method',
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/list', params: {} }),
      -32601,
      /tasks\/list" is not served here; under A2A-Version 0.3 HeartCoach serves message\/send, message\/stream, tasks\/get/,
    ],
    ['no params', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/send' }), -32602, /parameters were refused/],
    ['an empty parts list', v03({ ...seedMessage, parts: [] }), -32602, /parameters were refused/],
    [
      'an unknown part kind',
      v03({ ...seedMessage, parts: [{ kind: 'file', file: {} }] }),
      -32602,
      /parameters were refused/,
    ],
    [
      'an unknown skill',
      v03({ ...seedMessage, metadata: { skill: 'heartcoach.prescribe' } }),
      -32602,
      'Unknown skill "heartcoach.prescribe"; the skills on the card are heartcoach.ask, heartcoach.checkin, heartcoach.triage, heartcoach.ask.me.',
    ],
  ])('refuses %s with its JSON-RPC code and words', (_name, raw, code, message) => {
    const admitted = admitCall(raw, undefined, SKILLS);
    expect(admitted.ok).toBe(false);
    if (admitted.ok) return;
    expect(admitted.failure.code).toBe(code);
    if (typeof message === 'string') expect(admitted.failure.message).toBe(message);
    else expect(admitted.failure.message).toMatch(message);
    expect(admitted.failure.data.status).toBeGreaterThanOrEqual(400);
  });

  it('answers an A2A-Version it does not speak with -32009 VersionNotSupported, and ignores a patch number', () => {
    const getTask = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'GetTask', params: { id: 't-1' } });
    for (const header of ['0.5', '2.0', 'one', '1'])
      expect(admitCall(getTask, header, SKILLS)).toMatchObject({
        ok: false,
        failure: { id: 3, code: -32009, data: { code: 'version_not_supported' } },
      });
    expect(admitCall(getTask, '1.0.2', SKILLS)).toMatchObject({ ok: true, call: { version: '1.0', kind: 'task' } });
    expect(admitCall(getTask, undefined, SKILLS)).toMatchObject({
      ok: false,
      failure: {
        code: -32601,
        message:
          'GetTask is not an A2A 0.3 method; under A2A-Version 0.3 send tasks/get, or send GetTask with A2A-Version: 1.0.',
      },
    });
  });

  it.each([
    ['GetTask', { id: 't-1', historyLength: 2 }, 'task'],
    ['ListTasks', { pageSize: 10, status: 'TASK_STATE_COMPLETED', includeArtifacts: true }, 'task'],
    ['CancelTask', { id: 't-1' }, 'task'],
    ['SubscribeToTask', { id: 't-1' }, 'subscribe'],
    ['SendStreamingMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] } }, 'stream'],
  ])('admits the v1.0 task and streaming method %s', (method, params, kind) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
    expect(admitCall(body, '1.0', SKILLS)).toMatchObject({ ok: true, call: { method, kind } });
  });

  it.each([
    ['GetTask', { id: '' }],
    ['GetTask', { taskId: 't-1' }],
    ['ListTasks', { pageSize: 0 }],
    ['ListTasks', { pageSize: 101 }],
    ['ListTasks', { status: 'done' }],
    ['ListTasks', { statusTimestampAfter: 'yesterday' }],
    ['CancelTask', {}],
  ])('refuses %s with malformed parameters %j as -32602', (method, params) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
    expect(admitCall(body, '1.0', SKILLS)).toMatchObject({ ok: false, failure: { code: -32602 } });
  });

  it('marks a SendMessage that asks to return immediately', () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: {
        message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] },
        configuration: { returnImmediately: true },
      },
    });
    expect(admitCall(body, '1.0', SKILLS)).toMatchObject({ ok: true, call: { immediate: true } });
  });

  it("keeps the caller's id on a refusal when the id itself is well formed", () => {
    const admitted = admitCall(v03({ ...seedMessage, metadata: { skill: 'nope' } }), undefined, SKILLS);
    expect(admitted).toMatchObject({ ok: false, failure: { id: 'r1' } });
  });
});
