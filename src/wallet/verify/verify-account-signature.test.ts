import { createPublicClient, custom, type Hex } from 'viem';
import { verifyHash } from 'viem/actions';
import { beforeAll, describe, expect, it } from 'vitest';
import { deploySmartAgent } from '../accounts/deploy-smart-agent';
import { homeChain } from '../chain/home-chain';
import type { WalletChain } from '../chain/wallet-chain';
import { delegationSigningHash } from '../delegations/delegation-codec';
import { offChainMandateScope } from '../mandates/scope';
import { signScopedDelegation } from '../delegations/sign-scoped-delegation';
import { createTestbed, openTestEmbeddedChain, type Testbed } from '../testing/testbed';
import { verifyAccountSignature } from './verify-account-signature';
import { verifyMandate } from '../mandates/verify';

/** A chain whose node answers everything but `eth_call` (or also `eth_getCode`), which throws. */
function brokenChain(chain: WalletChain, also: string[] = []): WalletChain {
  const broken = new Set(['eth_call', ...also]);
  const request = async (args: { method: string; params?: unknown }) => {
    if (broken.has(args.method)) throw new Error(`${args.method} is broken on this node`);
    return chain.client.request(args as never);
  };
  return {
    ...chain,
    client: createPublicClient({ chain: homeChain, transport: custom({ request }, { retryCount: 0 }) }),
  };
}

describe('verifyAccountSignature fails closed', () => {
  let bed: Testbed;
  beforeAll(async () => {
    bed = await createTestbed(await openTestEmbeddedChain());
  }, 60_000);

  const mandateFor = (b: Testbed, party = b.alice) =>
    signScopedDelegation(b.chain, {
      owner: party.owner,
      agent: party.agent,
      delegate: b.harness.address,
      scope: offChainMandateScope({
        chainId: b.chain.chainId,
        binding: b.binding('memory.write'),
        window: b.window(-60, 600),
      }),
    });

  it('refuses when eth_call throws, for a deployed and for a counterfactual Smart Agent, and never recovers the key instead', async () => {
    const deployed = await bed.freshAgent('alice');
    await deploySmartAgent(bed.chain, deployed.agent, bed.harness);
    const counterfactual = await bed.freshAgent('alice');
    for (const party of [deployed, counterfactual]) {
      const mandate = await mandateFor(bed, party);
      const hash = delegationSigningHash(mandate.delegation, bed.chain.chainId, bed.chain.environment);
      const signature = mandate.delegation.signature as Hex;
      expect((await verifyAccountSignature(bed.chain, { account: party.agent.address, hash, signature })).ok).toBe(
        true,
      );
      const verdict = await verifyAccountSignature(brokenChain(bed.chain), {
        account: party.agent.address,
        hash,
        signature,
      });
      expect(verdict).toMatchObject({ ok: false, code: 'CHAIN_UNAVAILABLE' });
      expect(
        await verifyMandate(brokenChain(bed.chain), {
          mandate,
          now: bed.now(),
          delegate: bed.harness.address,
          usesSoFar: 0,
        }),
      ).toMatchObject({ ok: false, code: 'CHAIN_UNAVAILABLE' });
    }
  });

  it('refuses when the account code cannot even be read', async () => {
    const mandate = await mandateFor(bed);
    const hash = delegationSigningHash(mandate.delegation, bed.chain.chainId, bed.chain.environment);
    const verdict = await verifyAccountSignature(brokenChain(bed.chain, ['eth_getCode']), {
      account: bed.alice.agent.address,
      hash,
      signature: mandate.delegation.signature as Hex,
    });
    expect(verdict).toMatchObject({ ok: false, code: 'CHAIN_UNAVAILABLE' });
  });

  it("is not viem's verifyHash, which accepts a key's signature through a broken node by falling back to ecrecover", async () => {
    const hash = `0x${'ab'.repeat(32)}` as Hex;
    const signature = await bed.stranger.owner.sign!({ hash });
    const broken = brokenChain(bed.chain);
    expect(await verifyHash(broken.client, { address: bed.stranger.owner.address, hash, signature })).toBe(true);
    // Ours: no code, no ERC-6492 wrapper → a Smart Agent signature is expected, so refused unless keys are allowed.
    expect(
      await verifyAccountSignature(broken, { account: bed.stranger.owner.address, hash, signature }),
    ).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    expect(
      await verifyAccountSignature(broken, {
        account: bed.stranger.owner.address,
        hash,
        signature,
        allowKeyAccount: true,
      }),
    ).toEqual({ ok: true, via: 'ecdsa' });
    expect(
      await verifyAccountSignature(broken, {
        account: bed.alice.owner.address,
        hash,
        signature,
        allowKeyAccount: true,
      }),
    ).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
  });

  it('refuses a signature of the right owner presented for an account whose bound hash differs', async () => {
    const mandate = await mandateFor(bed);
    const asMissio = { ...mandate.delegation, delegator: bed.missio.agent.address };
    const hash = delegationSigningHash(asMissio, bed.chain.chainId, bed.chain.environment);
    const verdict = await verifyAccountSignature(bed.chain, {
      account: bed.missio.agent.address,
      hash,
      signature: mandate.delegation.signature as Hex,
    });
    expect(verdict).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
  });
});
