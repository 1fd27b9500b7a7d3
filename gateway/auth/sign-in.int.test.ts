import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../../src/protocol/demo-identities';
import { signMessageAsAgent } from '../../src/wallet/sign/sign-as-agent';
import { ask } from '../testing/a2a-client';
import { testDatabases } from '../testing/databases';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

/** SIWE sign-in over loopback: a Smart Agent's signature (ERC-6492, counterfactual) opens a session; nothing else does. */
/** A route's JSON answer: its fields, or `error` in words. */
type Body = { error: { code: string; message: string }; [field: string]: unknown };

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
      tokenType: 'Bearer',
      expiresIn: 3600,
      refreshExpiresAt: '2026-10-29T11:58:00.000Z',
      subject: { address: gw.demo.addressOf('alice'), name: 'Alice Okoro' },
    });
    const header = JSON.parse(Buffer.from(String(body.accessToken).split('.')[0]!, 'base64url').toString());
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
        error: {
          code: 'unauthenticated',
          message: 'The sign-in nonce was not issued here, was already used, or has expired; ask for a new one.',
        },
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
      if (typeof sentence === 'string') expect(body.error.message).toBe(sentence);
      else expect(body.error.message).toMatch(sentence);
    }
    expect((await post('/auth/siwe', { message: 'hello' })).status).toBe(400);
  });

  it('rotates refresh tokens, revokes them, and an access token stops working after its hour', async () => {
    const text = await message();
    const first = (await post('/auth/siwe', { message: text, signature: await signedBy('alice', text) })).body;
    const refreshed = await post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refreshToken).not.toBe(first.refreshToken);
    expect(await post('/auth/refresh', { refreshToken: first.refreshToken })).toMatchObject({
      status: 401,
      body: { error: { message: 'This refresh token was revoked; sign in again.' } },
    });
    expect(await post('/auth/revoke', { refreshToken: refreshed.body.refreshToken })).toMatchObject({
      status: 200,
      body: { revoked: true },
    });
    expect((await post('/auth/refresh', { refreshToken: refreshed.body.refreshToken })).status).toBe(401);
    gw.clock.advance(3700 * 1000); // an hour and then some (5 s of clock tolerance)
    try {
      const late = await ask(gw.url, String(refreshed.body.accessToken), { skill: 'heartcoach.ask', text: 'hi' });
      expect(late.status).toBe(401);
      expect(late.body.error!.message).toBe('The session has expired; sign in again.');
    } finally {
      gw.clock.advance(-3700 * 1000);
    }
  });
});
