import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERVICES } from '../src/protocol/demo-identities';
import { createMemoryChainStateStore } from '../src/wallet/chain/chain-state-store';
import { openEmbeddedChain } from '../src/wallet/chain/open-embedded-chain';
import { issueAccessToken } from './auth/tokens';
import { composeGateway, type Gateway } from './compose';
import { putSession } from './desk/sessions';
import { fixedClock, randomIds } from './ports';
import { testDatabases } from './testing/databases';
import { gatewayWallet } from './wallet/gateway-wallet';

/** The routes through `app.request()` — Hono's way: no port is opened. No model is configured here. */
const ORIGIN = 'http://127.0.0.1:8787';
const clock = fixedClock('2026-09-29T11:58:00Z');
let gateway: Gateway;

beforeAll(async () => {
  const chain = await openEmbeddedChain({ store: createMemoryChainStateStore(), clock: () => clock.now().getTime() });
  gateway = await composeGateway({
    origin: ORIGIN,
    audience: 'heartcoach',
    trustedIssuers: [],
    database: { kind: 'open', sql: await testDatabases()[0]!.open() },
    model: null,
    registry: { dir: await mkdtemp(join(tmpdir(), 'registry-')), publish: true },
    clock,
    ids: randomIds,
    wallet: gatewayWallet({ chain, clock, origins: [ORIGIN], serviceKey: DEMO_SERVICES.heartcoach.privateKey }),
    demo: null,
  });
});
afterAll(() => gateway.close());

/** The parts of the served card this test reads. */
type Card = {
  skills: Array<{ id: string; tags: string[] }>;
  supportedInterfaces: Array<{ protocolVersion: string }>;
  securitySchemes: { siweBearer: { httpAuthSecurityScheme: Record<string, string> } };
  capabilities: { extensions: Array<{ params: Record<string, unknown> }> };
};

const request = (path: string, init?: RequestInit) => gateway.app.request(`${ORIGIN}${path}`, init);

describe("the gateway's routes", () => {
  it('serves the agent card in proto-JSON: four skills with tier, archetype and outcomes, both versions, the Bearer scheme', async () => {
    const res = await request('/.well-known/agent-card.json');
    expect(res.status).toBe(200);
    const card = (await res.json()) as Card;
    expect(card.skills.map((s) => s.id).sort()).toEqual([
      'heartcoach.ask',
      'heartcoach.ask.me',
      'heartcoach.checkin',
      'heartcoach.triage',
    ]);
    expect(card.skills.find((s) => s.id === 'heartcoach.ask')!.tags).toEqual([
      'tier:ReadOrDraft',
      'archetype:heart-coach-patient-coach',
      'outcome:Insight',
      'outcome:Escalated',
      'outcome:Refused:coach-unreachable',
    ]);
    expect(card.supportedInterfaces.map((i) => i.protocolVersion)).toEqual(['1.0', '0.3']);
    expect(card.securitySchemes.siweBearer.httpAuthSecurityScheme).toMatchObject({
      scheme: 'Bearer',
      bearerFormat: 'JWT',
    });
    expect(card.capabilities.extensions[0]!.params['heartcoach.triage']).toEqual({
      tier: 'ReadOrDraft',
      archetype: 'heart-coach-patient-coach',
      outcomes: ['Insight', 'Escalated', 'Refused:coach-unreachable'],
    });
    expect(JSON.stringify(card)).not.toContain('$case');
  });

  it('serves the public JWKS and never the private half', async () => {
    const jwks = (await (await request('/.well-known/jwks.json')).json()) as { keys: Array<Record<string, string>> };
    expect(jwks.keys).toEqual([(await gateway.keys.signingKey()).publicJwk]);
    expect(jwks.keys[0]!.d).toBeUndefined();
  });

  it('answers unknown paths 404, known paths with the wrong method 405, bodies too large 413 — in JSON, in words', async () => {
    const missing = await request('/nope');
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect(await missing.json()).toEqual({
      type: 'urn:heartcoach:problem:not_found',
      title: 'Not found',
      status: 404,
      detail: '/nope is not served here.',
      code: 'not_found',
    });
    const put = await request('/auth/siwe', { method: 'PUT' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'POST']);
    const big = await request('/auth/siwe', {
      method: 'POST',
      body: 'x'.repeat(70_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    const huge = await request('/a2a', {
      method: 'POST',
      body: 'x'.repeat(1_100_000),
      headers: { 'content-type': 'application/json' },
    });
    expect([huge.status, ((await huge.json()) as { error: { code: number } }).error.code]).toEqual([413, -32600]);
    const bad = await request('/auth/siwe', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/^The input was refused — message/);
  });

  it('refuses an A2A call without a bearer with 401 and WWW-Authenticate; with one and no model key, 503 coach_unconfigured', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'message/send',
      params: {
        message: {
          role: 'user',
          parts: [{ kind: 'text', text: 'How is my week going?' }],
          metadata: { skill: 'heartcoach.ask' },
        },
      },
    });
    const anonymous = await request('/a2a', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect([anonymous.status, anonymous.headers.get('www-authenticate')]).toEqual([
      401,
      'Bearer error="invalid_token"',
    ]);
    const alice = '0x00000000000000000000000000000000000000a1';
    await putSession(gateway.sql, {
      sid: 'sid-a',
      subject: alice,
      issuedAt: clock.now().toISOString(),
      expiresAt: '2026-10-29T11:58:00Z',
    });
    const { token } = await issueAccessToken(
      { issuer: ORIGIN, audience: 'heartcoach', keys: gateway.keys, clock },
      { address: alice, name: 'Alice' },
      { jti: 'j', sid: 'sid-a' },
    );
    const res = await request('/a2a', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32000,
        message: 'HeartCoach is not configured here: no model key is set, so it cannot answer.',
        data: { code: 'coach_unconfigured', status: 503, taskId: expect.any(String) },
      },
    });
  });
});
