import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cardJson, coachAgentCard, skillIdsOf, type AgentAccount } from './a2a/card';
import { coachRequestHandler } from './a2a/request-handler';
import { a2aTransport } from './a2a/transport';
import { RegisterWireBody, registerWire } from './ask-me/register-wire';
import type { KeyRing } from './auth/key-ring';
import { RefreshBody, RevokeBody, refreshSession, revokeSession } from './auth/refresh';
import { issueNonce, SignInBody, signInWithEthereum, type SignInDeps } from './auth/siwe-signin';
import { consultation } from './coach/consult';
import type { CoachDeps } from './coach/deps';
import { JSON_RPC } from './errors';
import { onGatewayError } from './http/errors';
import { problem } from './http/problem';
import { jsonBody } from './http/json-body';
import { pageDataRoutes } from './http/page-data';
import { requireSubject, type SubjectEnv } from './http/require-subject';
import { healthRoutes, type Probes } from './ops/health';
import { idempotencyStore } from './ops/idempotency';
import { addressLimit, type RateLimiter, type RateLimits } from './ops/rate-limit';
import type { WebBundle } from './web/bundle';
import { pageRoutes } from './web/routes';

export type GatewayAppDeps = CoachDeps & {
  signIn: SignInDeps;
  /** The signing key ring: every published key is served as the JWKS. */
  keys: KeyRing;
  limiter: RateLimiter;
  limits: RateLimits;
  probes: Probes;
  /** This gateway's origin (the card's URLs) and the origins an ask-as-me wire may name. */
  origin: string;
  wireOrigins: readonly string[];
  version: string;
  /** The HeartCoach page's bundle; without it the gateway serves only its API. */
  web?: WebBundle;
  /** HeartCoach's agent account on the card: the delegate of every cabinet grant and ask-as-me wire. */
  agent?: AgentAccount;
};

const A2A_MAX_BYTES = 1024 * 1024;

/**
 * The gateway's routes (DESIGN §7). Wiring only: each route hands its checked input to a module, and errors become
 * responses in one place (`onGatewayError`). `app.request()` tests run it with no port opened.
 */
export function createGatewayApp(deps: GatewayAppDeps): Hono<SubjectEnv> {
  const card = coachAgentCard({
    origin: deps.origin,
    version: deps.version,
    ...(deps.agent === undefined ? {} : { agent: deps.agent }),
  });
  const handler = coachRequestHandler(card, consultation(deps), deps);
  const app = new Hono<SubjectEnv>();
  app.onError(onGatewayError);
  app.notFound((c) => problem(c, 404, 'not_found', `${c.req.method} ${c.req.path} is not served here.`));
  healthRoutes(app, deps.probes);
  app.use('*', addressLimit(deps.limiter, deps.limits));

  app.get('/.well-known/agent-card.json', (c) => c.json(cardJson(card) as object));
  app.get('/.well-known/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ keys: await deps.keys.publicJwks() });
  });

  const smallBody = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => problem(c, 413, 'too_large', 'The body is larger than 64 kB.'),
  });
  // RFC 6749 §5.1: a token response is never cached.
  const tokens = (c: Context, body: object) => {
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    return c.json(body);
  };
  app.get('/auth/nonce', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(issueNonce(deps.signIn));
  });
  app.post('/auth/siwe', smallBody, async (c) =>
    tokens(c, await signInWithEthereum(deps.signIn, await jsonBody(c, SignInBody))),
  );
  app.post('/auth/refresh', smallBody, async (c) =>
    tokens(c, await refreshSession(deps.signIn, (await jsonBody(c, RefreshBody)).refresh_token)),
  );
  app.post('/auth/revoke', smallBody, async (c) =>
    c.json({ revoked: await revokeSession(deps.signIn, (await jsonBody(c, RevokeBody)).token) }),
  );

  app.post('/ask-me/wire', smallBody, requireSubject(deps.bearer), async (c) =>
    c.json(
      await registerWire({ ...deps, origins: deps.wireOrigins }, c.get('subject'), await jsonBody(c, RegisterWireBody)),
    ),
  );

  pageDataRoutes(app, deps);
  if (deps.web !== undefined) pageRoutes(app, deps.web);

  const a2aLimit = bodyLimit({
    maxSize: A2A_MAX_BYTES,
    // The unread rest of the body is still on the socket: the connection closes with this answer, so the client's
    // next request opens a fresh one instead of landing on a connection in an unknown state.
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json(
        {
          jsonrpc: '2.0',
          id: null,
          error: {
            code: JSON_RPC.INVALID_REQUEST,
            message: 'The request is larger than 1 MB.',
            data: { code: 'too_large', status: 413 },
          },
        },
        413,
      );
    },
  });
  const a2a = a2aTransport(handler, skillIdsOf(card), deps.bearer, idempotencyStore(deps.sql, deps.clock));
  app.post('/a2a', a2aLimit, a2a);
  // The same endpoint at the origin's root, for clients that take the card's origin for the JSON-RPC URL (the
  // conformance kit a2aproject/a2a-tck posts there); the card names /a2a.
  app.post('/', a2aLimit, a2a);

  // A known path asked with the wrong method is 405 with the methods it serves, not a silent 404.
  const served: Record<string, string> = {
    '/a2a': 'POST',
    '/': deps.web === undefined ? 'POST' : 'GET, POST',
    '/auth/siwe': 'POST',
    '/auth/refresh': 'POST',
    '/auth/revoke': 'POST',
    '/ask-me/wire': 'GET, POST',
    '/desk/me': 'GET',
    '/auth/nonce': 'GET',
    '/.well-known/agent-card.json': 'GET',
    '/.well-known/jwks.json': 'GET',
    '/health': 'GET',
    '/ready': 'GET',
  };
  app.all('*', (c) => {
    const allow = served[c.req.path];
    if (allow === undefined) return problem(c, 404, 'not_found', `${c.req.path} is not served here.`);
    c.header('Allow', allow);
    const message = `${c.req.path} answers ${allow} only.`;
    if (c.req.path === '/a2a') {
      return c.json(
        {
          jsonrpc: '2.0',
          id: null,
          error: { code: JSON_RPC.INVALID_REQUEST, message, data: { code: 'method_not_allowed', status: 405 } },
        },
        405,
      );
    }
    return problem(c, 405, 'method_not_allowed', message, { Allow: allow });
  });
  return app;
}
