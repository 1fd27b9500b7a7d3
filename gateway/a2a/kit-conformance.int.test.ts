import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';
import { rpcClient, type RpcClient, type WireTask } from '../testing/rpc-client';

type Envelope = { jsonrpc?: string; id?: unknown; result?: unknown; error?: { code: number; message: string } };

/**
 * What the conformance kit (a2aproject/a2a-tck) checks beyond gateway/a2a/conformance.int.test.ts, over real HTTP:
 * the kit posts its JSON-RPC calls to the origin the card is read from, so the origin's root answers as /a2a does
 * (JSON-RPC 2.0 §5.1 errors, HTTP 401 without a bearer); push notifications are declared unsupported in the card
 * and refused with PushNotificationNotSupportedError -32003 (specification §3.3.2); the card names the origin the
 * gateway is given.
 */
describe.each(testDatabases())('the conformance kit’s checks on $name', (database) => {
  let gw: TestGateway;
  let token: string;
  let alice: RpcClient;
  const postRoot = async (body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${gw.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'A2A-Version': '1.0', ...headers },
      body,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope };
  };
  const bearer = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    gw = await startTestGateway(database, { originHost: 'localhost' });
    token = await gw.session('alice');
    alice = rpcClient(gw.url, token);
  });
  afterAll(() => gw.close());

  it('answers JSON-RPC at the origin’s root: parse error, invalid request, unknown method, each with its code', async () => {
    const broken = await postRoot('{"jsonrpc": "2.0", "method": "SendMessage", "params": {"foo": "bar"}', bearer());
    expect(broken).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: null, error: { code: -32700 } } });
    const noMethod = await postRoot(JSON.stringify({ jsonrpc: '2.0', id: 'm-1', params: {} }), bearer());
    expect(noMethod.body).toMatchObject({ id: 'm-1', error: { code: -32600 } });
    const oldVersion = await postRoot(JSON.stringify({ jsonrpc: '1.0', id: 'v-1', method: 'GetTask' }), bearer());
    expect(oldVersion.body).toMatchObject({ error: { code: -32600 } });
    const unknown = await postRoot(JSON.stringify({ jsonrpc: '2.0', id: 'u-1', method: 'NoSuchMethod' }), bearer());
    expect(unknown.body).toMatchObject({ id: 'u-1', error: { code: -32601 } });
  });

  it('refuses a call at the root without a bearer, or with a bad one, as HTTP 401 with a challenge', async () => {
    const call = JSON.stringify({ jsonrpc: '2.0', id: 'a-1', method: 'GetTask', params: { id: 'x' } });
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const res = await postRoot(call, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(res.body.error?.code).toBeTypeOf('number');
    }
  });

  it('serves the same tasks at the root as at /a2a: a task sent at the root is read back at /a2a', async () => {
    const sent = await postRoot(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 's-1',
        method: 'SendMessage',
        params: { message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: 'Hello' }] } },
      }),
      bearer(),
    );
    const task = (sent.body.result as { task: WireTask }).task;
    expect(task.id).toBeTypeOf('string');
    const got = await alice.call('GetTask', { id: task.id });
    expect(got.result).toMatchObject({ id: task.id, status: { state: task.status.state } });
  });

  it('refuses push notification configs with -32003, as the card declares pushNotifications false', async () => {
    const card = (await (await fetch(`${gw.url}/.well-known/agent-card.json`)).json()) as {
      capabilities: { pushNotifications: boolean };
    };
    expect(card.capabilities.pushNotifications).toBe(false);
    const sent = await alice.call('SendMessage', {
      message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: 'Hello' }] },
    });
    const taskId = (sent.result as { task: WireTask }).task.id;
    const config = { url: 'https://hooks.example/a2a', token: 'hook-token' };
    const created = await alice.call('CreateTaskPushNotificationConfig', { taskId, config });
    expect(created.error).toMatchObject({ code: -32003 });
    const listed = await alice.call('ListTaskPushNotificationConfigs', { taskId });
    expect(listed.error).toMatchObject({ code: -32003 });
  });

  it('names the origin it is given in its card and its interfaces', async () => {
    expect(gw.url).toMatch(/^http:\/\/localhost:\d+$/);
    const card = (await (await fetch(`${gw.url}/.well-known/agent-card.json`)).json()) as {
      url: string;
      supportedInterfaces: Array<{ url: string }>;
    };
    expect(card.url).toBe(`${gw.url}/a2a`);
    expect(card.supportedInterfaces.map((i) => i.url)).toEqual([`${gw.url}/a2a`, `${gw.url}/a2a`]);
    expect(JSON.stringify(card)).not.toContain('127.0.0.1');
  });
});
