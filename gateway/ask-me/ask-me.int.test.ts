import { privateKeyToAccount } from 'viem/accounts';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askDigest } from '../../src/protocol/ask';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../src/protocol/demo-identities';
import { AskMeAnswer } from '../../src/protocol/heartcoach';
import { fundOnLocalChain } from '../../src/wallet/accounts/fund';
import { revokeDelegation } from '../../src/wallet/revoke/revoke-delegation';
import { verifyCallerAssertion } from '../../src/wallet/verify/verify-caller-assertion';
import { ask } from '../testing/a2a-client';
import { testDatabases } from '../testing/databases';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

/** Ask-as-me support over loopback: a wire the person granted is registered, and heartcoach.ask.me signs for it. */
/** A route's JSON answer: its fields, or `error` in words. */
/** A route's JSON answer: its fields, or a problem document (RFC 9457) in words. */
type Body = { code: string; detail: string; [field: string]: unknown };

describe.each(testDatabases())('ask-as-me support on $name', (database) => {
  let gw: TestGateway;
  let alice: string;
  const register = async (token: string, wire: unknown) => {
    const res = await fetch(`${gw.url}/ask-me/wire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ wire }),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const askMe = () => ask(gw.url, alice, { skill: 'heartcoach.ask.me', text: 'How many contacts do I have?' });

  beforeAll(async () => {
    gw = await startTestGateway(database);
    alice = await gw.session('alice');
  });
  afterAll(() => gw.close());

  it('answers 412 ask_wire_required before a wire is registered', async () => {
    const r = await askMe();
    expect(r.body.error).toEqual({
      code: -32000,
      message: 'Connect at Home: HeartCoach has no live ask-as-me wire from you, so it cannot ask your agent.',
      // The refusal names the consultation's task, which ended rejected with the same words.
      data: { code: 'ask_wire_required', status: 412, taskId: expect.any(String) },
    });
  });

  it("refuses a wire for another origin, someone else's wire, an expired one, and registration without a session", async () => {
    expect(await register(alice, await gw.wire('alice', 'https://evil.example'))).toMatchObject({
      status: 403,
      body: { code: 'wire_origin' },
    });
    expect(await register(alice, await gw.wire('bob'))).toMatchObject({
      status: 403,
      body: { code: 'wire_not_yours' },
    });
    const expired = await register(
      alice,
      await gw.wire('alice', gw.url, Math.floor(gw.clock.now().getTime() / 1000) - 60),
    );
    expect(expired).toMatchObject({ status: 403, body: { code: 'wire_refused' } });
    expect(expired.body.detail).toMatch(/^The ask-as-me wire was refused: /);
    const anonymous = await fetch(`${gw.url}/ask-me/wire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wire: {} }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("registers Alice's wire, then signs a caller assertion the person's agent can check; a revoked wire is 412 again", async () => {
    const wire = (await gw.wire('alice')) as { delegation: unknown };
    const registered = await register(alice, wire);
    expect(registered).toMatchObject({
      status: 200,
      body: { registered: true, expiresAt: '2026-12-31T00:00:00.000Z' },
    });
    const r = await askMe();
    const answer = AskMeAnswer.parse(r.answer);
    expect(answer.request).toEqual({
      addressee: getAddress(gw.demo.addressOf('alice')),
      message: 'How many contacts do I have?',
      surface: 'page',
    });
    expect(answer.credential.wireHash).toBe(registered.body.wire);
    expect(answer.credential.assertion).toMatchObject({
      method: 'harness.ask',
      addressee: answer.request.addressee,
      messageDigest: askDigest(answer.request),
      channel: 'page-provider',
      surface: 'page',
    });
    expect(answer.credential.assertion.exp - answer.credential.assertion.iat).toBe(300);
    expect(answer.signer).toBe(DEMO_SERVICES.heartcoach.address);
    // The person's agent checks it with the wallet's own verifier: signed by the wire's delegate, spent once.
    const spent = new Set<string>();
    const check = () =>
      verifyCallerAssertion(gw.chain, {
        assertion: answer.credential.assertion,
        signature: answer.credential.signature,
        signer: DEMO_SERVICES.heartcoach.address,
        now: Math.floor(gw.clock.now().getTime() / 1000),
        expect: { addressee: answer.request.addressee as `0x${string}`, messageDigest: askDigest(answer.request) },
        spendNonce: async (nonce) => !spent.has(nonce) && Boolean(spent.add(nonce)),
      });
    expect(await check()).toMatchObject({ ok: true });
    expect(await check()).toMatchObject({ ok: false, code: 'NONCE_REUSED' });

    const submitter = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
    await fundOnLocalChain(gw.chain, submitter.address, 10n ** 18n);
    await revokeDelegation(gw.chain, {
      owner: privateKeyToAccount(DEMO_PEOPLE.alice.privateKey),
      agent: gw.demo.agents.alice,
      delegation: wire.delegation,
      submitter,
    });
    const after = await askMe();
    expect(after.body.error!.data).toEqual({ code: 'ask_wire_required', status: 412, taskId: expect.any(String) });
    expect(after.body.error!.message).toMatch(
      /^Connect at Home: your ask-as-me wire no longer verifies \(This ask-as-me wire was revoked by 0x/,
    );
  });
});
