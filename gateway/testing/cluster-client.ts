import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { DEMO_ORGANIZATIONS, DEMO_PEOPLE, type DemoPersonId } from '../../src/protocol/demo-identities';
import { signMessageAsAgent, smartAgentOf, type WalletChain } from '../../src/wallet/index';
import type { GatewayCluster } from './gateway-cluster';
import type { TokenResponse } from './test-gateway';

/**
 * A client of a gateway cluster (gateway/testing/gateway-cluster.ts), as the demo people's agents are: it signs in by
 * SIWE at the balancer or at one instance, registers a wire, and sends a consultation the way a careful client does — one
 * Idempotency-Key, sent again on a dropped connection, a 502/503 or `idempotency_in_flight` until it is answered.
 * Test support only.
 */
export type ConsultAnswer = { status: number; code: string | null; attempts: number; taskId: string | null };

export type ClusterClient = ReturnType<typeof clusterClient>;

export function clusterClient(cluster: GatewayCluster, chain: WalletChain) {
  const owner = (id: DemoPersonId) => privateKeyToAccount(DEMO_PEOPLE[id].privateKey);

  async function signIn(at: string, person: DemoPersonId): Promise<TokenResponse> {
    const { nonce } = (await (await fetch(`${at}/auth/nonce`)).json()) as { nonce: string };
    const agent = await smartAgentOf(DEMO_PEOPLE[person].ownerAddress, DEMO_PEOPLE[person].salt);
    const message = createSiweMessage({
      domain: new URL(cluster.origin).host,
      address: agent.address,
      uri: cluster.origin,
      version: '1',
      chainId: chain.chainId,
      nonce,
      issuedAt: new Date(),
    });
    const signature = await signMessageAsAgent(owner(person), agent, message);
    const res = await fetch(`${at}/auth/siwe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature }),
    });
    if (res.status !== 200) throw new Error(`sign-in at ${at} failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as TokenResponse;
  }

  async function consult(
    token: string,
    key: string,
    text: string,
    about: { practice: string; patient: string },
  ): Promise<ConsultAnswer> {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(`${cluster.origin}/a2a`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'A2A-Version': '1.0',
            authorization: `Bearer ${token}`,
            'Idempotency-Key': key,
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: `${key}-${attempt}`,
            method: 'SendMessage',
            params: { message: { messageId: key, role: 'ROLE_USER', parts: [{ text }], metadata: about } },
          }),
        });
        const body = (await res.json().catch(() => null)) as {
          error?: { data?: { code?: string; taskId?: string } };
        } | null;
        const code = body?.error?.data?.code ?? null;
        const again = res.status === 502 || res.status === 503 || code === 'idempotency_in_flight';
        if (!again || attempt >= 40)
          return { status: res.status, code, attempts: attempt, taskId: body?.error?.data?.taskId ?? null };
        const wait = Number(res.headers.get('retry-after') ?? '0.2');
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      } catch (error) {
        if (attempt >= 40) throw error;
      }
    }
  }

  /** POST /ask-me/wire the way a client does: again on a dropped connection or a 502/503, until it is answered. */
  async function register(at: string, token: string, body: unknown): Promise<{ status: number; attempts: number }> {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(`${at}/ask-me/wire`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ wire: body }),
        });
        await res.arrayBuffer();
        if ((res.status !== 502 && res.status !== 503) || attempt >= 8)
          return { status: res.status, attempts: attempt };
      } catch (error) {
        if (attempt >= 8) throw error;
      }
    }
  }

  /** A consultation's metadata: Atria Heart's desk, about Alice. */
  async function aboutAlice(): Promise<{ practice: string; patient: string }> {
    const atria = DEMO_ORGANIZATIONS['atria-heart'];
    return {
      practice: (await smartAgentOf(DEMO_PEOPLE[atria.stewardId].ownerAddress, atria.salt)).address.toLowerCase(),
      patient: (await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt)).address.toLowerCase(),
    };
  }

  return { signIn, consult, register, aboutAlice };
}
