import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  Task,
  type AgentCard,
  type CancelTaskRequest,
  type GetTaskRequest,
  type Message,
  type SendMessageRequest,
} from '@a2a-js/sdk';
import { JsonRpcTransportHandler, ServerCallContext, type A2ARequestHandler } from '@a2a-js/sdk/server';
import { UnsupportedOperationError } from '@a2a-js/sdk/errors';
import {
  CancelTaskRequest as CancelJson,
  GetTaskRequest as GetJson,
  SendMessageRequest as SendJson,
} from '@a2a-js/sdk';
import { createA2ATasks, type A2ACaller } from '../src/home/a2a-tasks/tasks';
import { HomeError, toWireError } from '../src/protocol/errors';
import type { CliHome } from './home-file';

/**
 * `npm run ask -- --serve`: the person's agent as an A2A server on loopback, for agents outside a browser — the same
 * task service as `window.homeAgent` (src/home/a2a-tasks/tasks.ts) behind @a2a-js/sdk's JSON-RPC transport (A2A
 * v1.0: `SendMessage`, `GetTask`, `CancelTask`). The ask-as-me credential rides in the request's metadata as on the
 * page. Outside a browser nobody vouches for the caller's origin: it is the `Origin` header, the caller's own word,
 * checked against the wire's; the authority is the wire's delegate's signature over a fresh assertion, as always.
 *
 * Each request opens the vault file, answers and saves it, one at a time: the person signs between requests with
 * `npm run ask -- --resume RUN --sign` on the same file, and the next GetTask finds the task completed.
 */
export type ServeOptions = { port: number; openHome: () => Promise<CliHome> };
export type Serving = { url: string; close(): Promise<void> };

const REFUSAL = 'refusal';
const caller = (context: ServerCallContext): A2ACaller => ({
  origin: context.state.get('origin') as string,
  door: 'serve',
});

/** a2a-js's request handler over the task service: its types in, the service's JSON shapes through, its types out. */
function requestHandler(home: CliHome, card: AgentCard): A2ARequestHandler {
  const tasks = createA2ATasks({ agent: async () => home.agent, newId: () => crypto.randomUUID() });
  const guard = async <T>(context: ServerCallContext, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      context.state.set(REFUSAL, error);
      throw error;
    }
  };
  const unsupported = async (): Promise<never> => {
    throw new UnsupportedOperationError('The person’s agent answers SendMessage, GetTask and CancelTask here.');
  };
  return {
    getAgentCard: async () => card,
    getAuthenticatedExtendedAgentCard: unsupported,
    sendMessage: (params: SendMessageRequest, context) =>
      guard(context, async () =>
        Task.fromJSON((await tasks.sendMessage(SendJson.toJSON(params), caller(context))).task),
      ) as Promise<Message | Task>,
    getTask: (params: GetTaskRequest, context) =>
      guard(context, async () => Task.fromJSON(await tasks.getTask(GetJson.toJSON(params), caller(context)))),
    cancelTask: (params: CancelTaskRequest, context) =>
      guard(context, async () => Task.fromJSON(await tasks.cancelTask(CancelJson.toJSON(params), caller(context)))),
    // eslint-disable-next-line require-yield
    async *sendMessageStream() {
      throw new UnsupportedOperationError('The person’s agent answers SendMessage; it does not stream here.');
    },
    // eslint-disable-next-line require-yield
    async *resubscribe() {
      throw new UnsupportedOperationError('Read a task again with GetTask; this door keeps no streams.');
    },
    listTasks: unsupported,
    createTaskPushNotificationConfig: unsupported,
    getTaskPushNotificationConfig: unsupported,
    listTaskPushNotificationConfigs: unsupported,
    deleteTaskPushNotificationConfig: unsupported,
  };
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 64 * 1024) req.destroy(new HomeError('TOO_LARGE', 'A request over 64 kB is refused.'));
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

/** Our refusal as a JSON-RPC error: A2A's code where it has one (details.a2aCode), else -32000 with our code. */
function refusalError(error: unknown) {
  const wire = toWireError(error);
  const a2aCode = wire.details?.a2aCode;
  return { code: typeof a2aCode === 'number' ? a2aCode : -32000, message: wire.message, data: { code: wire.code } };
}

export async function serveA2A(options: ServeOptions): Promise<Serving> {
  let queue: Promise<unknown> = Promise.resolve();
  const one = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const server: Server = createServer((req, res) => {
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.method !== 'POST' || (req.url !== '/' && req.url !== '/a2a'))
      return reply(404, { error: 'POST A2A JSON-RPC to /a2a.' });
    const origin = req.headers.origin;
    void body(req)
      .then((text) =>
        one(async () => {
          const id = (JSON.parse(text) as { id?: unknown }).id ?? null;
          if (typeof origin !== 'string' || !/^https?:\/\//.test(origin))
            return {
              jsonrpc: '2.0',
              id,
              error: refusalError(
                new HomeError(
                  'PAGE_ORIGIN_UNKNOWN',
                  'Name the origin your ask-as-me wire was granted to in the Origin header.',
                ),
              ),
            };
          const home = await options.openHome();
          try {
            const card = { name: 'Home Agent', supportedInterfaces: [] } as unknown as AgentCard;
            const context = new ServerCallContext({ requestedVersion: '1.0' });
            context.state.set('origin', origin);
            const response = (await new JsonRpcTransportHandler(requestHandler(home, card)).handle(text, context)) as {
              error?: unknown;
            };
            const refusal = context.state.get(REFUSAL);
            return refusal === undefined ? response : { jsonrpc: '2.0', id, error: refusalError(refusal) };
          } finally {
            await home.save();
          }
        }),
      )
      .then(
        (json) => reply(200, json),
        (error: unknown) =>
          reply(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: toWireError(error).message } }),
      );
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}/a2a`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
