import { expect, it } from 'vitest';
import type { ForwardedCredential } from '../../../protocol/forwarded-credential';
import { signForwardedCredential } from '../../sign/forwarded-credential';
import { verifyForwardedCredential } from '../../verify/verify-forwarded-credential';
import { FORWARD_AUDIENCE, forwardedCredentialFor } from '../forwarded-credential-fixture';
import type { Testbed } from '../testbed';

/**
 * Routed hops: Alice's agent routes "invite david to Missio Nexus" to the Missio Nexus agent with a forwarded
 * credential signed as her Smart Agent. The receiver accepts it once, for its own audience and for a body addressed
 * to the asker's own agent or the routing room; another addressee, another audience or a second spend is refused.
 */
export function forwardedCredentialScenarios(bed: () => Testbed): void {
  const AUDIENCE = FORWARD_AUDIENCE;
  const credentialOf = forwardedCredentialFor;

  it('accepts a routed step once; refuses another addressee, another audience and a second spend, in words', async () => {
    const b = bed();
    const spent = new Set<string>();
    const spendNonce = async (nonce: string) => !spent.has(nonce) && (spent.add(nonce), true);
    const verify = async (credential: ForwardedCredential, signature?: `0x${string}`) =>
      verifyForwardedCredential(b.chain, {
        credential,
        signature: signature ?? (await signForwardedCredential(b.alice.owner, b.alice.agent, credential)),
        now: b.now(),
        expect: {
          receiver: b.missio.agent.address,
          audience: AUDIENCE,
          addressees: [b.alice.agent.address],
          bodyDigest: credentialOf(b, 'x'.repeat(16)).bodyDigest,
          router: b.alice.agent.address,
        },
        spendNonce,
      });
    const good = credentialOf(b, `forward-${b.now()}-good`);
    const signature = await signForwardedCredential(b.alice.owner, b.alice.agent, good);
    expect(await verify(good, signature)).toMatchObject({ ok: true });
    const twice = await verify(good, signature);
    expect(twice).toMatchObject({ ok: false, code: 'NONCE_REUSED' });

    const other = await verify(credentialOf(b, `forward-${b.now()}-other`, { addressee: b.stranger.agent.address }));
    expect(other).toMatchObject({ ok: false, code: 'WRONG_ADDRESSEE' });
    if (!other.ok) expect(other.message).toMatch(/neither the asker’s own agent nor the room that routed it/);
    const elsewhere = await verify(credentialOf(b, `forward-${b.now()}-aud`, { audience: 'home-agent:zone:other' }));
    expect(elsewhere).toMatchObject({ ok: false, code: 'WRONG_AUDIENCE' });
    // Neither refusal burnt its nonce; a forgery burns none either, and an altered credential is not the one signed.
    const forged = credentialOf(b, `forward-${b.now()}-forged`);
    expect(
      await verify(forged, await signForwardedCredential(b.stranger.owner, b.stranger.agent, forged)),
    ).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    expect(spent.has(forged.nonce)).toBe(false);
    expect(await verify({ ...good, nonce: `forward-${b.now()}-moved` }, signature)).toMatchObject({
      ok: false,
      code: 'SIGNATURE_INVALID',
    });
  });
}
