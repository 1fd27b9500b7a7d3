/**
 * A plain A2A JSON-RPC client over real HTTP, for the conformance tests: any method, either version (the
 * `A2A-Version` header; v0.3 sends none), and streams read as server-sent events to their end.
 */
type Part = { text?: string; data?: unknown };
export type WireTask = {
  id: string;
  contextId: string;
  status: { state: string; message?: { role: string; parts: Part[]; metadata?: Record<string, unknown> } };
  history: Array<{ role: string; messageId: string; parts: Part[] }>;
  artifacts: Array<{ artifactId: string; name?: string; parts: Part[] }>;
};
export type RpcAnswer = {
  status: number;
  result?: unknown;
  error?: { code: number; message: string; data?: Record<string, unknown> };
};
export type RpcClient = {
  call(method: string, params: unknown, version?: string): Promise<RpcAnswer>;
  stream(method: string, params: unknown, version?: string): Promise<RpcAnswer[]>;
};

let counter = 0;

export function rpcClient(url: string, token: string): RpcClient {
  const post = (method: string, params: unknown, version: string) => {
    counter += 1;
    return fetch(`${url}/a2a`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(version === '0.3' ? {} : { 'A2A-Version': version }),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: `c-${counter}`, method, params }),
    });
  };
  return {
    async call(method, params, version = '1.0') {
      const res = await post(method, params, version);
      return { status: res.status, ...((await res.json()) as Omit<RpcAnswer, 'status'>) };
    },
    async stream(method, params, version = '1.0') {
      const res = await post(method, params, version);
      const text = await res.text();
      if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream'))
        return [{ status: res.status, ...(JSON.parse(text) as Omit<RpcAnswer, 'status'>) }];
      return text
        .split('\n\n')
        .map((event) => event.split('\n').find((line) => line.startsWith('data: ')))
        .filter((line): line is string => line !== undefined)
        .map((line) => ({ status: res.status, ...(JSON.parse(line.slice(6)) as Omit<RpcAnswer, 'status'>) }));
    },
  };
}
