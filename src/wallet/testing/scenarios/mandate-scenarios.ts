import { serializeErc6492Signature, type Hex } from 'viem';
import { expect, it } from 'vitest';
import type { Mandate } from '../../../protocol/delegation';
import { deploySmartAgent } from '../../accounts/deploy-smart-agent';
import { isDeployed } from '../../accounts/is-deployed';
import { delegationSigningHash, delegationTypedData } from '../../delegations/delegation-codec';
import { offChainMandateScope, paymentMandateScope } from '../../mandates/scope';
import { signScopedDelegation } from '../../delegations/sign-scoped-delegation';
import { verifyAccountSignature } from '../../verify/verify-account-signature';
import { verifyMandate } from '../../mandates/verify';
import type { Testbed } from '../testbed';

/** Mandates: signed by a Smart Agent for the harness agent, verified (ERC-6492 / ERC-1271) and refused in words. */
export function mandateScenarios(bed: () => Testbed): void {
  const offChain = async (b: Testbed, party = b.alice, from = -60, to = 600): Promise<Mandate> =>
    signScopedDelegation(b.chain, {
      owner: party.owner,
      agent: party.agent,
      delegate: b.harness.address,
      scope: offChainMandateScope({
        chainId: b.chain.chainId,
        binding: b.binding('memory.write'),
        window: b.window(from, to),
      }),
    });
  const verify = (b: Testbed, mandate: unknown, extra: Partial<Parameters<typeof verifyMandate>[1]> = {}) =>
    verifyMandate(b.chain, { mandate, now: b.now(), delegate: b.harness.address, usesSoFar: 0, ...extra });

  it('verifies a mandate from a counterfactual Smart Agent (ERC-6492) and from a deployed one (ERC-1271)', async () => {
    const b = bed();
    const fresh = await b.freshAgent('bob');
    const mandate = await offChain(b, fresh);
    expect(await isDeployed(b.chain, fresh.agent.address)).toBe(false);
    const hash = delegationSigningHash(mandate.delegation, b.chain.chainId, b.chain.environment);
    expect(
      await verifyAccountSignature(b.chain, {
        account: fresh.agent.address,
        hash,
        signature: mandate.delegation.signature as Hex,
      }),
    ).toEqual({ ok: true, via: 'erc6492' });
    const verdict = await verify(b, mandate, { binding: b.binding('memory.write'), delegator: fresh.agent.address });
    expect(verdict).toMatchObject({ ok: true, callsLeft: 1 });
    await deploySmartAgent(b.chain, fresh.agent, b.harness);
    expect(
      await verifyAccountSignature(b.chain, {
        account: fresh.agent.address,
        hash,
        signature: mandate.delegation.signature as Hex,
      }),
    ).toEqual({ ok: true, via: 'erc1271' });
    expect((await verify(b, mandate)).ok).toBe(true);
  });

  it('refuses malformed, truncated and garbage input with a code and a sentence, never an exception', async () => {
    const b = bed();
    const mandate = await offChain(b);
    const truncated = {
      ...mandate,
      delegation: { ...mandate.delegation, signature: mandate.delegation.signature.slice(0, 100) },
    };
    const cases: [unknown, string][] = [
      [truncated, 'SIGNATURE_INVALID'],
      [{ ...mandate, delegation: { ...mandate.delegation, signature: '0x1234' } }, 'SIGNATURE_INVALID'],
      [{ ...mandate, delegation: { ...mandate.delegation, signature: 'not hex' } }, 'BAD_INPUT'],
      [{ hello: 'world' }, 'BAD_INPUT'],
      [null, 'BAD_INPUT'],
      ['0xdeadbeef', 'BAD_INPUT'],
    ];
    for (const [input, code] of cases) {
      const verdict = await verify(b, input);
      expect(verdict).toMatchObject({ ok: false, code });
      if (!verdict.ok) expect(verdict.message.length).toBeGreaterThan(10);
    }
  });

  it("refuses a stranger's signature, a signature for another chain, and Alice's signature presented as Missio Nexus's (same owner)", async () => {
    const b = bed();
    const mandate = await offChain(b);
    const unsigned = { ...mandate.delegation, signature: '0x' as const };
    const strangerSig = await b.stranger.owner.signTypedData!(
      delegationTypedData(unsigned, b.chain.chainId, b.chain.environment),
    );
    const forged = {
      ...mandate,
      delegation: {
        ...unsigned,
        signature: serializeErc6492Signature({
          address: b.alice.agent.factory,
          data: b.alice.agent.factoryData,
          signature: strangerSig,
        }),
      },
    };
    expect(await verify(b, forged)).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    // Alice's own key, but signed in another chain's domain: not valid here.
    const otherChainSig = await b.alice.owner.signTypedData!(delegationTypedData(unsigned, 1, b.chain.environment));
    const otherChain = {
      ...mandate,
      delegation: {
        ...unsigned,
        signature: serializeErc6492Signature({
          address: b.alice.agent.factory,
          data: b.alice.agent.factoryData,
          signature: otherChainSig,
        }),
      },
    };
    expect(await verify(b, otherChain)).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    expect(await verify(b, mandate, { delegator: b.missio.agent.address })).toMatchObject({
      ok: false,
      code: 'WRONG_ACCOUNT',
    });
    const asMissio = { ...mandate, delegation: { ...mandate.delegation, delegator: b.missio.agent.address } };
    expect(await verify(b, asMissio, { delegator: b.missio.agent.address })).toMatchObject({
      ok: false,
      code: 'SIGNATURE_INVALID',
    });
  });

  it('refuses a stripped or altered caveat, an altered scope, another chain, another delegate, another intent', async () => {
    const b = bed();
    const scope = paymentMandateScope({
      chainId: b.chain.chainId,
      binding: b.binding('payments.send'),
      token: b.chain.usdc!,
      maxAmount: 5_000_000n,
      recipient: b.bob.agent.address,
      window: b.window(-60, 600),
    });
    const mandate = await signScopedDelegation(b.chain, {
      owner: b.alice.owner,
      agent: b.alice.agent,
      delegate: b.harness.address,
      scope,
    });
    expect((await verify(b, mandate, { binding: b.binding('payments.send') })).ok).toBe(true);
    const stripped = {
      ...mandate,
      delegation: { ...mandate.delegation, caveats: mandate.delegation.caveats.slice(0, -1) },
    };
    expect(await verify(b, stripped)).toMatchObject({ ok: false, code: 'CAVEAT_MISMATCH' });
    const caveats = mandate.delegation.caveats.map((c, i) =>
      i === 5 ? { ...c, terms: c.terms.replace(/4c4b40$/, '989680') } : c,
    );
    expect(await verify(b, { ...mandate, delegation: { ...mandate.delegation, caveats } })).toMatchObject({
      ok: false,
      code: 'CAVEAT_MISMATCH',
    });
    const bigger = {
      ...mandate,
      scope: {
        ...scope,
        act: { ...scope.act, erc20: { ...(scope.act as { erc20: object }).erc20, maxAmount: '10000000' } },
      },
    };
    expect(await verify(b, bigger)).toMatchObject({ ok: false, code: 'BINDING_MISMATCH' });
    expect(await verify(b, { ...mandate, scope: { ...scope, chainId: 1 } })).toMatchObject({
      ok: false,
      code: 'WRONG_CHAIN',
    });
    expect(await verify(b, mandate, { delegate: b.app.address })).toMatchObject({ ok: false, code: 'WRONG_DELEGATE' });
    expect(await verify(b, mandate, { binding: b.binding('payments.send', 's2') })).toMatchObject({
      ok: false,
      code: 'BINDING_MISMATCH',
    });
    expect(await verify(b, mandate, { usesSoFar: 1 })).toMatchObject({ ok: false, code: 'CALLS_EXHAUSTED' });
  });

  it('refuses a mandate outside its time window', async () => {
    const b = bed();
    expect(await verify(b, await offChain(b, b.alice, -600, -60))).toMatchObject({ ok: false, code: 'EXPIRED' });
    expect(await verify(b, await offChain(b, b.alice, 300, 600))).toMatchObject({ ok: false, code: 'NOT_YET_VALID' });
  });
}
