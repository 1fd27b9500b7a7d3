import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MessagesRequestBody, RecordedRequest, Script, ScriptedTurn } from './scripted-messages-types';
import { PromptCache, tokensOf } from './scripted-messages-usage';
import { invalidRequestReason } from './scripted-messages-validate';
import { errorBody, messageResponse, sseEvents } from './scripted-messages-wire';

export type * from './scripted-messages-types';

/**
 * A local Anthropic Messages server on 127.0.0.1 that the real `@anthropic-ai/sdk` talks to through `baseURL`.
 *
 * It stands in for the hosted model only (which cannot run here; no key, no network) and says so: every answer comes
 * from a script — a function of the recorded request — so a test's model "decides" from what the request actually
 * says (the tools offered, the brief, the tool results), never from a case id. It checks requests the way the API
 * does (tool names, tool_choice, tool_use/tool_result pairing), reports usage with a simulated prompt cache, streams
 * server-sent events when asked, answers 529 when the script says the model is overloaded, and records everything.
 */
export type ScriptedMessagesServerOptions = {
  script: Script;
  /** Fixed delay before every answer, in ms: the "model time" a load test measures around. */
  latencyMs?: number;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Prefixes shorter than this are not cached (the hosted API's minimum is ~1024 tokens; default 0). */
  minCacheTokens?: number;
  /**
   * Simulated generation time per streamed delta, in ms (default 0): a stream sends its deltas this far apart, and
   * a non-streamed answer waits as long for all of them — so first-token time and total time can be compared.
   */
  chunkDelayMs?: number;
};

export type ScriptedMessagesServer = {
  /** The `baseURL` to give the SDK (no trailing slash, no `/v1`). */
  url: string;
  /** Every request received, in order (a bad request is recorded too). */
  requests: RecordedRequest[];
  setScript(script: Script): void;
  setLatency(ms: number): void;
  setChunkDelay(ms: number): void;
  close(): Promise<void>;
};

const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Starts the server and resolves once it listens. */
export async function startScriptedMessagesServer(
  options: ScriptedMessagesServerOptions,
): Promise<ScriptedMessagesServer> {
  let script = options.script;
  let latencyMs = options.latencyMs ?? 0;
  let chunkDelayMs = options.chunkDelayMs ?? 0;
  const requests: RecordedRequest[] = [];
  const cache = new PromptCache(options.minCacheTokens ?? 0);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, errorBody('api_error', `scripted server: ${String(error)}`));
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method !== 'POST' || path !== '/v1/messages') {
      return send(res, 404, errorBody('not_found_error', `${req.method} ${path} is not served here`));
    }
    const raw = await readBody(req);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 400, errorBody('invalid_request_error', 'The request body is not valid JSON.'));
    }
    const recorded: RecordedRequest = { index: requests.length, path, headers, body: body as MessagesRequestBody };
    requests.push(recorded);
    if (headers['x-api-key'] === undefined && headers.authorization === undefined) {
      return send(res, 401, errorBody('authentication_error', 'x-api-key header is required'));
    }
    const invalid = invalidRequestReason(body);
    if (invalid !== null) return send(res, 400, errorBody('invalid_request_error', invalid));
    const turn: ScriptedTurn = await script(recorded);
    if (latencyMs > 0) await sleep(latencyMs);
    await respond(res, recorded, turn);
  }

  async function respond(res: ServerResponse, recorded: RecordedRequest, turn: ScriptedTurn): Promise<void> {
    if (turn.kind === 'overloaded') return send(res, 529, errorBody('overloaded_error', 'Overloaded'));
    if (turn.kind === 'error') return send(res, turn.status, errorBody(turn.errorType, turn.message));
    const usesTool = turn.content.some((block) => block.type === 'tool_use');
    const stop = turn.stopReason ?? (usesTool ? 'tool_use' : 'end_turn');
    const output = turn.outputTokens ?? tokensOf(JSON.stringify(turn.content));
    const usage = cache.usageOf(recorded.body, output);
    const response = messageResponse(recorded.index, recorded.body.model, turn.content, stop, usage);
    const events = sseEvents(response);
    const deltas = events.filter((e) => e.startsWith('event: content_block_delta')).length;
    if (recorded.body.stream !== true) {
      // The same per-delta pauses as a stream, so both pay the same timer granularity.
      for (let i = 0; chunkDelayMs > 0 && i < deltas; i++) await sleep(chunkDelayMs);
      return send(res, 200, response);
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    let gone = false;
    res.on('close', () => void (gone = !res.writableFinished));
    for (const event of events) {
      if (chunkDelayMs > 0 && event.startsWith('event: content_block_delta')) await sleep(chunkDelayMs);
      if (gone) {
        // The client cancelled the call: a real stream stops here too.
        recorded.aborted = true;
        return;
      }
      res.write(event);
    }
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setScript: (next) => void (script = next),
    setLatency: (ms) => void (latencyMs = ms),
    setChunkDelay: (ms) => void (chunkDelayMs = ms),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_scripted_${status}` });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}
