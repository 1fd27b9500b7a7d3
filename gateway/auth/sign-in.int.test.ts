import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../../src/protocol/demo-identities';
import { signMessageAsAgent } from '../../src/wallet/sign/sign-as-agent';
import { ask } from '../testing/a2a-client';
import { testDatabases } from '../testing/databases';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

/** SIWE sign-in over loopback: a Smart Agent's signature (ERC-6492, counterfactual) opens a session; nothing else does. */
/** A route's JSON answer: its fields, or a problem document (RFC 9457) in words. */
type Body = { code: string; detail: string; [field: string]: unknown };

describe.each(testDatabases())('sign-in with Ethereum on $name', (database) => {
  let gw: TestGateway;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${gw.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const nonce = async () => ((await (await fetch(`${gw.url}/auth/nonce`)).json()) as { nonce: string }).nonce;
  const message = async (overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
    createSiweMessage({
      domain: new URL(gw.url).host,
      address: gw.demo.agents.alice.address,
      uri: gw.url,
      version: '1',
      chainId: gw.chain.chainId,
      nonce: await nonce(),
      issuedAt: gw.clock.now(),
      ...overrides,
    });
  const signedBy = (who: 'alice' | 'bob', text: string) =>
    signMessageAsAgent(privateKeyToAccount(DEMO_PEOPLE[who].privateKey), gw.demo.agents[who], text);

  beforeAll(async () => {
    gw = await startTestGateway(database);
  });
  afterAll(() => gw.close());

  it("opens a session for a Smart Agent: an hour's ES256 JWT and a thirty-day refresh token; the JWKS names its key", async () => {
    const text = await message();
    const { status, body } = await post('/auth/siwe', { message: text, signature: await signedBy('alice', text) });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_expires_in: 30 * 24 * 3600,
      subject: { address: gw.demo.addressOf('alice'), name: 'Alice Okoro' },
    });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
    const header = JSON.parse(Buffer.from(String(body.access_token).split('.')[0]!, 'base64url').toString());
    const claims = JSON.parse(Buffer.from(String(body.access_token).split('.')[1]!, 'base64url').toString());
    expect(claims.sid).toMatch(/^sid-[0-9a-f]{16}$/);
    const jwks = (await (await fetch(`${gw.url}/.well-known/jwks.json`)).json()) as {
      keys: Array<{ kid: string; kty: string; crv: string; d?: string }>;
    };
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: jwks.keys[0]!.kid });
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(jwks.keys[0]!.d).toBeUndefined();
    // The same signed message again: its nonce is spent.
    const replay = await post('/auth/siwe', { message: text, signature: await signedBy('alice', text) });
    expect(replay).toMatchObject({
      status: 401,
      body: {
        code: 'unauthenticated',
        detail: 'The sign-in nonce was not issued here, was already used, or has expired; ask for a new one.',
      },
    });
  });

  it("refuses another domain, another chain, an expired message, an unknown nonce and someone else's signature", async () => {
    const cases: Array<[string, string, string | RegExp]> = [
      [
        await message({ domain: 'evil.example' }),
        'alice',
        `The sign-in message is for evil.example, not for ${new URL(gw.url).host}.`,
      ],
      [await message({ chainId: 1 }), 'alice', `The sign-in message is for chain 1, not chain ${gw.chain.chainId}.`],
      [
        await message({ expirationTime: new Date(gw.clock.now().getTime() - 1000) }),
        'alice',
        'The sign-in message has expired, is not yet valid, or is not a well-formed SIWE message.',
      ],
      [await message({ uri: 'https://evil.example/login' }), 'alice', /URI is not this gateway/],
      [
        await message({ nonce: 'abcdefgh1234' }),
        'alice',
        'The sign-in nonce was not issued here, was already used, or has expired; ask for a new one.',
      ],
      [await message(), 'bob', /^The sign-in signature was refused: /],
    ];
    for (const [text, who, sentence] of cases) {
      const { status, body } = await post('/auth/siwe', {
        message: text,
        signature: await signedBy(who as 'alice' | 'bob', text),
      });
      expect(status).toBe(401);
      if (typeof sentence === 'string') expect(body.detail).toBe(sentence);
      else expect(body.detail).toMatch(sentence);
    }
    expect((await post('/auth/siwe', { message: 'hello' })).status).toBe(400);
  });

  it('rotates refresh tokens within one session; signing out ends the session and every access token of it', async () => {
    const text = await message();
    const first = (await post('/auth/siwe', { message: text, signature: await signedBy('alice', text) })).body;
    const refreshed = await post('/auth/refresh', { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    const sidOf = (token: unknown) =>
      JSON.parse(Buffer.from(String(token).split('.')[1]!, 'base64url').toString()).sid as string;
    expect(sidOf(refreshed.body.access_token)).toBe(sidOf(first.access_token));
    const deskMe = (token: unknown) =>
      fetch(`${gw.url}/desk/me`, { headers: { authorization: `Bearer ${String(token)}` } });
    expect((await deskMe(first.access_token)).status).toBe(200);
    expect(await post('/auth/revoke', { token: refreshed.body.refresh_token })).toMatchObject({
      status: 200,
      body: { revoked: true },
    });
    expect((await post('/auth/refresh', { refresh_token: refreshed.body.refresh_token })).status).toBe(401);
    // Both access tokens of the session, still within their hour, are refused from now on.
    for (const token of [first.access_token, refreshed.body.access_token]) {
      const res = await deskMe(token);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(((await res.json()) as Body).detail).toBe('The session was signed out or has ended; sign in again.');
    }
  });

  it('ends the whole session when a rotated refresh token is presented again (a loose copy)', async () => {
    const text = await message();
    const first = (await post('/auth/siwe', { message: text, signature: await signedBy('alice', text) })).body;
    const second = (await post('/auth/refresh', { refresh_token: first.refresh_token })).body;
    expect(await post('/auth/refresh', { refresh_token: first.refresh_token })).toMatchObject({
      status: 401,
      body: { detail: 'This refresh token was revoked; sign in again.' },
    });
    // The thief's reuse ended the session: the owner's newer tokens are refused too.
    expect((await post('/auth/refresh', { refresh_token: second.refresh_token })).status).toBe(401);
    const res = await fetch(`${gw.url}/desk/me`, {
      headers: { authorization: `Bearer ${String(second.access_token)}` },
    });
    expect(res.status).toBe(401);
  });

  it('an access token stops working after its hour', async () => {
    const token = await gw.session('alice');
    gw.clock.advance(3700 * 1000); // an hour and then some (5 s of clock tolerance)
    try {
      const late = await ask(gw.url, token, { skill: 'heartcoach.ask', text: 'hi' });
      expect(late.status).toBe(401);
      expect(late.body.error!.message).toBe('The session has expired; sign in again.');
    } finally {
      gw.clock.advance(-3700 * 1000);
    }
  });

  it('issues nonces without writing a row; a sign-in spends its nonce once', async () => {
    const count = async () =>
      (await gw.gateway.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM siwe_nonces`))[0]!.n;
    const before = await count();
    for (let i = 0; i < 20; i++) expect((await fetch(`${gw.url}/auth/nonce`)).status).toBe(200);
    expect(await count()).toBe(before);
    const text = await message();
    expect((await post('/auth/siwe', { message: text, signature: await signedBy('alice', text) })).status).toBe(200);
    expect(await count()).toBe(before + 1);
    // A nonce this gateway never sealed is refused before anything is written.
    const forged = await message({ nonce: `${'0'.repeat(8)}${'a'.repeat(48)}` });
    expect((await post('/auth/siwe', { message: forged, signature: await signedBy('alice', forged) })).status).toBe(
      401,
    );
    expect(await count()).toBe(before + 1);
  });
});
