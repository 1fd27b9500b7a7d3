import { expect, it } from 'vitest';
import type { CallerAssertion } from '../../../protocol/ask';
import { digestOf } from '../../../protocol/digest';
import { grantScope, wireScope } from '../../delegations/scopes';
import { signScopedDelegation } from '../../delegations/sign-scoped-delegation';
import { revokeDelegation } from '../../revoke/revoke-delegation';
import { signCallerAssertion } from '../../sign/caller-assertion';
import { verifyCallerAssertion } from '../../verify/verify-caller-assertion';
import { verifyGrant } from '../../verify/verify-grant';
import { verifyWire } from '../../verify/verify-wire';
import type { Testbed } from '../testbed';

const ORIGIN = 'http://127.0.0.1:8787';

/** Ask-as-me wires, cabinet grants and the caller assertions an app presents with a wire. */
export function credentialScenarios(bed: () => Testbed): void {
  it('verifies an ask-as-me wire for its origin and refuses another origin, an expired one and a revoked one', async () => {
    const b = bed();
    const sign = (from: number, to: number) =>
      signScopedDelegation(b.chain, {
        owner: b.alice.owner,
        agent: b.alice.agent,
        delegate: b.app.address,
        scope: wireScope({ chainId: b.chain.chainId, origin: ORIGIN, window: b.window(from, to) }),
      });
    const wire = await sign(-60, 3600);
    const check = (w: unknown, origin = ORIGIN) =>
      verifyWire(b.chain, { wire: w, now: b.now(), origin, delegate: b.app.address, delegator: b.alice.agent.address });
    expect(await check(wire)).toMatchObject({ ok: true });
    expect(await check(wire, 'https://evil.example')).toMatchObject({ ok: false, code: 'WRONG_ORIGIN' });
    expect(
      await check({ ...wire, scope: { ...wire.scope, origin: 'https://evil.example' } }, 'https://evil.example'),
    ).toMatchObject({ ok: false, code: 'BINDING_MISMATCH' });
    expect(await check(await sign(-3600, -60))).toMatchObject({ ok: false, code: 'EXPIRED' });
    expect(await verifyWire(b.chain, { wire, now: b.now(), delegate: b.stranger.owner.address })).toMatchObject({
      ok: false,
      code: 'WRONG_DELEGATE',
    });
    await revokeDelegation(b.chain, {
      owner: b.alice.owner,
      agent: b.alice.agent,
      delegation: wire.delegation,
      submitter: b.harness,
    });
    expect(await check(wire)).toMatchObject({ ok: false, code: 'REVOKED' });
  });

  it('verifies a cabinet grant naming folders and refuses a folder it does not name or a widened list', async () => {
    const b = bed();
    const grant = await signScopedDelegation(b.chain, {
      owner: b.alice.owner,
      agent: b.alice.agent,
      delegate: b.app.address,
      scope: grantScope({
        chainId: b.chain.chainId,
        origin: ORIGIN,
        folders: ['readings', 'profile', 'readings'],
        window: b.window(-60, 3600),
      }),
    });
    expect(grant.scope.folders).toEqual(['profile', 'readings']);
    const check = (g: unknown, folders: ('profile' | 'readings' | 'doses')[]) =>
      verifyGrant(b.chain, { grant: g, now: b.now(), folders, origin: ORIGIN, delegator: b.alice.agent.address });
    expect(await check(grant, ['readings'])).toMatchObject({ ok: true });
    expect(await check(grant, ['readings', 'doses'])).toMatchObject({ ok: false, code: 'FOLDER_NOT_GRANTED' });
    expect(
      await check({ ...grant, scope: { ...grant.scope, folders: ['doses', 'profile', 'readings'] } }, ['doses']),
    ).toMatchObject({ ok: false, code: 'BINDING_MISMATCH' });
  });

  it('verifies a caller assertion once: a reused nonce, a forgery, another message or addressee are refused', async () => {
    const b = bed();
    const spent = new Set<string>();
    const spendNonce = async (nonce: string) => (spent.has(nonce) ? false : (spent.add(nonce), true));
    const messageDigest = digestOf({ ask: 'how is my week going?' });
    const assertion: CallerAssertion = {
      method: 'harness.ask',
      nonce: `nonce-${b.now()}-${Math.random().toString(36).slice(2)}`,
      addressee: b.alice.agent.address,
      messageDigest,
      channel: 'page-provider',
      surface: 'page',
      iat: b.now() - 5,
      exp: b.now() + 120,
    };
    const signature = await signCallerAssertion(b.app, assertion, b.chain.chainId);
    const check = (a: unknown, sig: unknown, signer = b.app.address, expectDigest = messageDigest) =>
      verifyCallerAssertion(b.chain, {
        assertion: a,
        signature: sig,
        signer,
        now: b.now(),
        expect: { addressee: b.alice.agent.address, messageDigest: expectDigest },
        spendNonce,
      });
    const forged = await signCallerAssertion(b.stranger.owner, assertion, b.chain.chainId);
    expect(await check(assertion, forged)).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    expect(await check(assertion, signature.slice(0, 60))).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    expect(await check(assertion, signature, b.app.address, digestOf('another ask'))).toMatchObject({
      ok: false,
      code: 'BINDING_MISMATCH',
    });
    expect(await check({ ...assertion, addressee: b.bob.agent.address }, signature)).toMatchObject({
      ok: false,
      code: 'WRONG_ACCOUNT',
    });
    expect(spent.size).toBe(0); // refusals spend no nonce
    expect(await check(assertion, signature)).toMatchObject({ ok: true });
    expect(await check(assertion, signature)).toMatchObject({ ok: false, code: 'NONCE_REUSED' });
    const old = { ...assertion, nonce: `${assertion.nonce}-old`, iat: b.now() - 200, exp: b.now() - 1 };
    expect(await check(old, await signCallerAssertion(b.app, old, b.chain.chainId))).toMatchObject({
      ok: false,
      code: 'EXPIRED',
    });
  });
}
