import { digestOf } from '../../protocol/digest';
import type { ForwardedCredential } from '../../protocol/forwarded-credential';
import type { Testbed } from './testbed';

/** The audience the demo's receiving agents accept: the local zone. */
export const FORWARD_AUDIENCE = 'home-agent:zone:local';

/**
 * A forwarded credential for "invite david to Missio Nexus": Alice's agent routes step s1 to the Missio Nexus agent,
 * for her own agent as the addressee, within two minutes. `over` changes what a case needs changed.
 */
export function forwardedCredentialFor(
  b: Testbed,
  nonce: string,
  over: Partial<ForwardedCredential> = {},
): ForwardedCredential {
  return {
    type: 'home-agent/forwarded-credential',
    version: 1,
    chainId: b.chain.chainId,
    router: b.alice.agent.address,
    addressee: b.alice.agent.address,
    audience: FORWARD_AUDIENCE,
    receiver: b.missio.agent.address,
    stepRef: 's1',
    bodyDigest: digestOf({ message: 'invite david to Missio Nexus' }),
    nonce,
    iat: b.now(),
    exp: b.now() + 120,
    ...over,
  };
}
