import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

/**
 * A body over 1 MB on a real socket: the gateway answers 413 in JSON-RPC's words with `Connection: close`, ends that
 * connection (the rest of the body is never read), and a keep-alive client's next request — which would otherwise
 * land on the broken connection — goes out on a fresh one and is answered.
 */
describe.each(testDatabases().slice(0, 1))('the 1 MB limit on /a2a on $name', (database) => {
  let gw: TestGateway;
  let token: string;
  const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { pad: 'x'.repeat(1_100_000) } });

  beforeAll(async () => {
    gw = await startTestGateway(database);
    token = await gw.session('alice');
  });
  afterAll(() => gw.close());

  it('answers 413 with Connection: close and ends the socket', async () => {
    const port = Number(new URL(gw.url).port);
    const socket = connect(port, '127.0.0.1');
    const head =
      `POST /a2a HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\nContent-Type: application/json\r\n` +
      `A2A-Version: 1.0\r\nAuthorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(big)}\r\n\r\n`;
    const received: Buffer[] = [];
    const ended = new Promise<void>((resolve) => {
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('close', () => resolve());
      socket.on('error', () => undefined);
    });
    socket.write(head);
    socket.write(big);
    await ended;
    const answer = Buffer.concat(received).toString('utf8');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('The request is larger than 1 MB.');
  });

  it("a keep-alive client's next request after the 413 is answered", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const req = request(
          `${gw.url}${path}`,
          {
            agent,
            method,
            headers: {
              'content-type': 'application/json',
              'A2A-Version': '1.0',
              authorization: `Bearer ${token}`,
              ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                connection: res.headers.connection,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      const refused = await send('POST', '/a2a', big);
      expect([refused.status, refused.connection]).toEqual([413, 'close']);
      const next = await send(
        'POST',
        '/a2a',
        JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: 'no-such-task' } }),
      );
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toMatchObject({ id: 2, error: { code: -32001 } });
    } finally {
      agent.destroy();
    }
  });
});
