import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../desk/sql';
import { scriptedCoach } from '../testing/coach-script';
import { testDatabases, type TestDatabase } from '../testing/databases';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

/**
 * A consultation that writes to the desk, sent again under the same `Idempotency-Key` — the client's retry after a
 * dropped connection, or the balancer's after an instance died — over real HTTP, on two gateway instances sharing
 * one database: the write lands once, the retry gets the first answer on either instance, a retry while the first
 * runs or after its instance stopped is answered in words naming the task, and a key reused for another request is
 * refused.
 */
type Sent = {
  status: number;
  headers: Headers;
  body: { id: unknown; result?: { task?: { id: string } }; error?: { message: string; data: Record<string, unknown> } };
};

describe.each(testDatabases())('Idempotency-Key on SendMessage, two instances on one $name desk', (database) => {
  let a: TestGateway;
  let b: TestGateway;
  let dave: { a: string; b: string };
  let rpc = 0;

  const send = async (gw: TestGateway, token: string, key: string, text: string): Promise<Sent> => {
    const res = await fetch(`${gw.url}/a2a`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'A2A-Version': '1.0',
        authorization: `Bearer ${token}`,
        'Idempotency-Key': key,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: `r-${(rpc += 1)}`,
        method: 'SendMessage',
        params: {
          message: {
            messageId: `m-${key}`,
            role: 'ROLE_USER',
            parts: [{ text }],
            metadata: { practice: gw.demo.addressOf('atria-heart'), patient: gw.demo.addressOf('alice') },
          },
        },
      }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Sent['body'] };
  };
  const threadRows = async (sql: Sql) =>
    (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM thread`))[0]!.n;

  beforeAll(async () => {
    a = await startTestGateway(database);
    // The second instance opens the first one's database (closed with the first).
    const shared: TestDatabase = {
      name: database.name,
      open: async () => ({ ...a.gateway.sql, close: async () => undefined }),
    };
    b = await startTestGateway(shared);
    dave = { a: await a.session('dave'), b: await b.session('dave') };
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a retry gets the first answer on either instance, under its own id; the thread row is written once', async () => {
    const before = await threadRows(a.gateway.sql);
    const asked = a.model.requests.length;
    const first = await send(a, dave.a, 'k-once', 'Tell Alice her potassium was 4.1 and the plan stands');
    expect(first.status).toBe(200);
    expect(first.body.error).toBeUndefined();
    expect(await threadRows(a.gateway.sql)).toBe(before + 1);
    const turns = a.model.requests.length - asked;
    expect(turns).toBeGreaterThan(0);

    const again = await send(a, dave.a, 'k-once', 'Tell Alice her potassium was 4.1 and the plan stands');
    const elsewhere = await send(b, dave.b, 'k-once', 'Tell Alice her potassium was 4.1 and the plan stands');
    for (const retry of [again, elsewhere]) {
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.id).not.toBe(first.body.id);
      expect(retry.body.result).toEqual(first.body.result);
    }
    expect(a.model.requests.length - asked).toBe(turns);
    expect(b.model.requests).toHaveLength(0);
    expect(await threadRows(a.gateway.sql)).toBe(before + 1);
  });

  it('the same key on another request is refused in words, and nothing runs', async () => {
    const before = await threadRows(a.gateway.sql);
    const reused = await send(b, dave.b, 'k-once', 'Tell Alice to skip her walk');
    expect(reused.status).toBe(422);
    expect(reused.body.error?.data).toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    expect(reused.body.error?.message).toMatch(/a new request needs a new key/);
    expect(b.model.requests).toHaveLength(0);
    expect(await threadRows(a.gateway.sql)).toBe(before);
  });

  it('a retry while the first still runs is told so, naming its task, and then gets its answer', async () => {
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => void (arrived = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => void (release = resolve));
    a.model.setScript(async (request) => {
      arrived();
      await held;
      return scriptedCoach(request);
    });
    const before = await threadRows(a.gateway.sql);
    const running = send(a, dave.a, 'k-running', 'Tell Alice the walk can be twenty minutes');
    await reached;
    const meanwhile = await send(b, dave.b, 'k-running', 'Tell Alice the walk can be twenty minutes');
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(meanwhile.body.error?.data).toMatchObject({ code: 'idempotency_in_flight', status: 409 });
    expect(meanwhile.body.error?.message).toMatch(/still answering/);
    release();
    const first = await running;
    a.model.setScript(scriptedCoach);
    expect(first.status).toBe(200);
    expect(meanwhile.body.error?.data.taskId).toBe(first.body.result?.task?.id);
    const after = await send(b, dave.b, 'k-running', 'Tell Alice the walk can be twenty minutes');
    expect(after.body.result).toEqual(first.body.result);
    expect(b.model.requests).toHaveLength(0);
    expect(await threadRows(a.gateway.sql)).toBe(before + 1);
  });

  it('a claim whose instance stopped renewing it is answered in words and never run again', async () => {
    const done = await send(a, dave.a, 'k-abandoned', 'Tell Alice her scale reading came through');
    // As the claim stands when the instance running it was killed mid-consultation: claimed, never answered.
    await a.gateway.sql.query(
      `UPDATE idempotency_keys SET status = NULL, response = NULL, renewed_at = renewed_at - interval '1 hour'
       WHERE key = 'k-abandoned'`,
    );
    const before = await threadRows(a.gateway.sql);
    const asked = a.model.requests.length;
    const retry = await send(b, dave.b, 'k-abandoned', 'Tell Alice her scale reading came through');
    expect(retry.status).toBe(409);
    expect(retry.body.error?.data).toMatchObject({
      code: 'idempotency_abandoned',
      status: 409,
      taskId: done.body.result?.task?.id,
    });
    expect(retry.body.error?.message).toMatch(/went away.*Nothing was run twice.*new Idempotency-Key/);
    expect(a.model.requests.length).toBe(asked);
    expect(b.model.requests).toHaveLength(0);
    expect(await threadRows(a.gateway.sql)).toBe(before);
  });
});
