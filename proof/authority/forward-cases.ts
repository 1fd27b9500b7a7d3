import type { ForwardedCredential } from '../../src/protocol/forwarded-credential';
import { signForwardedCredential, verifyForwardedCredential } from '../../src/wallet';
import { FORWARD_AUDIENCE, forwardedCredentialFor } from '../../src/wallet/testing/forwarded-credential-fixture';
import { createTestbed, openTestEmbeddedChain, type Testbed } from '../../src/wallet/testing/testbed';

/**
 * The routed-hop cases: a forwarded credential (Alice's agent routing a step to the Missio Nexus agent) presented
 * for another addressee, for another audience, spent a second time, or signed by someone else. A case passes when
 * the receiver refuses it (the wallet's scenarios show a refused one burns no nonce).
 */
export type ForwardOutcome = { code: string; refused: boolean };
const AUDIENCE = FORWARD_AUDIENCE;
let n = 0;

const credentialOf = (b: Testbed, over: Partial<ForwardedCredential> = {}): ForwardedCredential =>
  forwardedCredentialFor(b, `proof-forward-${Date.now()}-${++n}`, over);

export const FORWARD_CASES: {
  id: string;
  title: string;
  over: (b: Testbed) => Partial<ForwardedCredential>;
  twice?: true;
  signer?: 'stranger';
}[] = [
  {
    id: 'forward-other-addressee',
    title: 'a routed body addressed to neither the asker’s agent nor the routing room',
    over: (b) => ({ addressee: b.stranger.agent.address }),
  },
  {
    id: 'forward-other-audience',
    title: 'a forwarded credential for another deployment',
    over: () => ({ audience: 'home-agent:zone:other' }),
  },
  { id: 'forward-spent-twice', title: 'a forwarded credential spent a second time', over: () => ({}), twice: true },
  {
    id: 'forward-forged',
    title: 'a forwarded credential signed by someone other than the router',
    over: () => ({}),
    signer: 'stranger',
  },
];

export async function forwardOutcomes(): Promise<Record<string, ForwardOutcome>> {
  const b = await createTestbed(await openTestEmbeddedChain());
  const spent = new Set<string>();
  const out: Record<string, ForwardOutcome> = {};
  for (const c of FORWARD_CASES) {
    const credential = credentialOf(b, c.over(b));
    const signer = c.signer === 'stranger' ? b.stranger : b.alice;
    const signature = await signForwardedCredential(signer.owner, signer.agent, credential);
    const verify = () =>
      verifyForwardedCredential(b.chain, {
        credential,
        signature,
        now: b.now(),
        expect: {
          receiver: b.missio.agent.address,
          audience: AUDIENCE,
          addressees: [b.alice.agent.address],
          bodyDigest: credential.bodyDigest,
        },
        spendNonce: async (nonce) => !spent.has(nonce) && (spent.add(nonce), true),
      });
    let verdict = await verify();
    if (c.twice === true && verdict.ok) verdict = await verify();
    out[c.id] = verdict.ok ? { code: 'accepted', refused: false } : { code: verdict.code, refused: true };
  }
  return out;
}
