import fc from 'fast-check';

/**
 * JSON-RPC fuzzing of the gateway over real HTTP: random bodies (not JSON, JSON of any shape, empty),
 * random envelopes (any jsonrpc, id, method, params), SendMessage and message/send with random messages, parts,
 * skills, practices and patients, with and without a good bearer and the A2A-Version header; and random bodies to
 * the other POST routes (sign-in, refresh, revoke, wire registration) and random methods and paths. Whatever comes
 * back must not be a 500, and must be JSON.
 */
export type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body: string | undefined };

const SKILLS = ['heartcoach.ask', 'heartcoach.checkin', 'heartcoach.triage', 'heartcoach.ask.me'];
const ADDRESS = fc.constantFrom('0x1111111111111111111111111111111111111111', 'not-an-address', '');

const json = (value: unknown) => {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return 'null';
  }
};

const part = fc.oneof(
  fc.record({
    text: fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('How is my week going?', 'Log 2400 steps for today', '   '),
    ),
  }),
  fc.record({
    data: fc.oneof(
      fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 })),
      fc.record({
        cabinet: fc.anything({ maxDepth: 2 }),
        grant: fc.anything({ maxDepth: 2 }),
        kind: fc.constantFrom('question', 'check-in', 'symptom', 'care-team', 'x'),
      }),
    ),
  }),
  fc.record({ kind: fc.constantFrom('text', 'data', 'file'), text: fc.string({ maxLength: 40 }) }),
  fc.anything({ maxDepth: 2 }),
);

const message = fc.record(
  {
    messageId: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
    role: fc.constantFrom('ROLE_USER', 'user', 'ROLE_AGENT', 'agent', ''),
    parts: fc.oneof(fc.array(part, { maxLength: 4 }), fc.anything({ maxDepth: 1 })),
    metadata: fc.oneof(
      fc.record(
        {
          skill: fc.oneof(fc.constantFrom(...SKILLS), fc.string({ maxLength: 20 })),
          practice: ADDRESS,
          patient: ADDRESS,
          message: fc.string({ maxLength: 40 }),
        },
        { requiredKeys: [] },
      ),
      fc.anything({ maxDepth: 1 }),
    ),
  },
  { requiredKeys: [] },
);

const envelope = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), fc.anything({ maxDepth: 0 })),
    id: fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null), fc.anything({ maxDepth: 1 })),
    method: fc.oneof(
      fc.constantFrom(
        'SendMessage',
        'message/send',
        'message/stream',
        'tasks/get',
        'tasks/cancel',
        'GetTask',
        'rpc.discover',
      ),
      fc.string({ maxLength: 24 }),
    ),
    params: fc.oneof(fc.record({ message }, { requiredKeys: [] }), fc.anything({ maxDepth: 2 })),
  },
  { requiredKeys: [] },
);

const rawBody = fc.oneof(
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '{', '[]', 'null', '{"jsonrpc":"2.0"}', '\u0000', '{"__proto__":{"admin":true}}'),
  },
  { weight: 6, arbitrary: fc.oneof(envelope, fc.array(envelope, { maxLength: 3 })).map(json) },
);

/** Well-formed envelopes whose message varies: the cabinet and grant real or broken, the skill and text random. */
function nearValid(
  data: Record<string, unknown>,
  methods: readonly string[] = ['SendMessage', 'message/send'],
): fc.Arbitrary<unknown> {
  const dataPart = fc.oneof(
    fc.constant(data),
    fc
      .record({ field: fc.constantFrom('cabinet', 'grant', 'kind'), value: fc.anything({ maxDepth: 2 }) })
      .map(({ field, value }) => ({ ...data, [field]: value })),
    fc.constant({ ...data, extra: true }),
  );
  return fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.string({ minLength: 1, maxLength: 8 }),
    method: fc.constantFrom(...methods),
    params: fc.record({
      message: fc.record({
        messageId: fc.string({ minLength: 1, maxLength: 8 }),
        role: fc.constantFrom('ROLE_USER', 'user'),
        parts: fc
          .tuple(
            fc.oneof(
              fc.constantFrom(
                'How is my week going?',
                'Log 2400 steps for today',
                'Tell my nurse my ankle swelling is a bit better',
              ),
              fc.string({ maxLength: 60 }),
            ),
            dataPart,
          )
          .map(([text, d]) => [{ text }, { data: d }]),
        metadata: fc.record({
          skill: fc.constantFrom('heartcoach.ask', 'heartcoach.ask', 'heartcoach.checkin', 'heartcoach.triage'),
        }),
      }),
    }),
  });
}

export function requests(goodToken: string, data: Record<string, unknown>): fc.Arbitrary<FuzzRequest> {
  const auth = fc.constantFrom<Record<string, string>>(
    { authorization: `Bearer ${goodToken}` },
    { authorization: `Bearer ${goodToken}` },
    {},
    { authorization: 'Bearer x.y.z' },
  );
  const version = fc.constantFrom<Record<string, string>>({ 'A2A-Version': '1.0' }, {}, { 'A2A-Version': '9.9' });
  const type = fc.constantFrom<Record<string, string>>(
    { 'content-type': 'application/json' },
    { 'content-type': 'text/plain' },
    {},
  );
  const body = fc.oneof({ weight: 3, arbitrary: rawBody }, { weight: 1, arbitrary: nearValid(data).map(json) });
  const wellFormed = nearValid(data, ['SendMessage']).map((b): FuzzRequest => ({
    method: 'POST',
    path: '/a2a',
    headers: { authorization: `Bearer ${goodToken}`, 'A2A-Version': '1.0', 'content-type': 'application/json' },
    body: json(b),
  }));
  const a2a = fc
    .tuple(body, auth, version, type)
    .map(([body, a, v, t]): FuzzRequest => ({ method: 'POST', path: '/a2a', headers: { ...a, ...v, ...t }, body }));
  const others = fc
    .tuple(
      fc.constantFrom('/auth/siwe', '/auth/refresh', '/auth/revoke', '/ask-me/wire'),
      fc.oneof(
        rawBody,
        fc
          .dictionary(
            fc.constantFrom('message', 'signature', 'refresh_token', 'token', 'wire', 'origin'),
            fc.anything({ maxDepth: 2 }),
          )
          .map(json),
      ),
      auth,
    )
    .map(([path, body, a]): FuzzRequest => ({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', ...a },
      body,
    }));
  const wrong = fc
    .tuple(
      fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH'),
      fc.oneof(
        fc.constantFrom('/a2a', '/auth/siwe', '/desk/me', '/ask-me/wire', '/.well-known/agent-card.json'),
        fc.webPath(),
      ),
    )
    .map(([method, path]): FuzzRequest => ({
      method,
      path: path.startsWith('/') ? path : `/${path}`,
      headers: {},
      body: undefined,
    }));
  return fc.oneof(
    { weight: 6, arbitrary: a2a },
    { weight: 2, arbitrary: wellFormed },
    { weight: 2, arbitrary: others },
    { weight: 1, arbitrary: wrong },
  );
}

export type Answered = { status: number; json: boolean; rpcCode: number | null; code: string | null };

export async function send(base: string, r: FuzzRequest): Promise<Answered> {
  const res = await fetch(`${base}${r.path}`, {
    method: r.method,
    headers: r.headers,
    ...(r.body === undefined || r.method === 'GET' ? {} : { body: r.body }),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: res.status, json: false, rpcCode: null, code: null };
  }
  // A plain route's refusal is a problem document (its `code` beside `detail`); an A2A call's, a JSON-RPC error.
  const problem = body as { code?: unknown; detail?: unknown } | null;
  if (typeof problem?.detail === 'string')
    return {
      status: res.status,
      json: true,
      rpcCode: null,
      code: typeof problem.code === 'string' ? problem.code : null,
    };
  const error = (body as { error?: { code?: unknown; data?: { code?: unknown } } } | null)?.error;
  return {
    status: res.status,
    json: true,
    rpcCode: typeof error?.code === 'number' ? error.code : null,
    code: typeof error?.data?.code === 'string' ? error.data.code : typeof error?.code === 'string' ? error.code : null,
  };
}
