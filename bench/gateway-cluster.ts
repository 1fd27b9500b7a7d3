import pg from 'pg';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { scriptedCoach } from '../gateway/testing/coach-script';
import { startGatewayCluster } from '../gateway/testing/gateway-cluster';
import type { TokenResponse } from '../gateway/testing/test-gateway';
import { systemClock } from '../gateway/ports';
import { openGatewayChain } from '../gateway/wallet/open-gateway-chain';
import { DEMO_PEOPLE } from '../src/protocol/demo-identities';
import { startScriptedMessagesServer } from '../src/testing/scripted-messages-server';
import { smartAgentOf } from '../src/wallet/accounts/smart-agent';
import { deployHomeEnvironment } from '../src/wallet/deploy/deploy-home-environment';
import { signMessageAsAgent } from '../src/wallet/sign/sign-as-agent';
import { startAnvil } from '../src/wallet/testing/anvil';
import { load, type LoadFigures } from './gateway-load';
import type { BenchRow } from './run';

/**
 * One gateway instance behind haproxy against three, on one PostgreSQL and one anvil (gateway/testing/gateway-cluster):
 * Dr. Dave's `/desk/me` (a session check, the desk's reads) under the same bounded autocannon load through the
 * balancer. The one-instance run is the baseline; rate limits are off for the load's single client address.
 */
async function measure(instances: number, url: string, rpcUrl: string, modelUrl: string): Promise<LoadFigures> {
  const schema = `bench_cluster_${instances}_${Date.now().toString(36)}`;
  const cluster = await startGatewayCluster({
    instances,
    databaseUrl: url,
    schema,
    rpcUrl,
    modelUrl,
    env: { RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_SUBJECT: '0', RATE_LIMIT_SIGN_IN: '0' },
  });
  try {
    const chain = await openGatewayChain({ rpcUrl, clock: systemClock });
    const { nonce } = (await (await fetch(`${cluster.origin}/auth/nonce`)).json()) as { nonce: string };
    const dave = await smartAgentOf(DEMO_PEOPLE.dave.ownerAddress, DEMO_PEOPLE.dave.salt);
    const message = createSiweMessage({
      domain: new URL(cluster.origin).host,
      address: dave.address,
      uri: cluster.origin,
      version: '1',
      chainId: chain.chainId,
      nonce,
      issuedAt: new Date(),
    });
    const signature = await signMessageAsAgent(privateKeyToAccount(DEMO_PEOPLE.dave.privateKey), dave, message);
    const res = await fetch(`${cluster.origin}/auth/siwe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature }),
    });
    const { access_token: token } = (await res.json()) as TokenResponse;
    const request = {
      url: `${cluster.origin}/desk/me`,
      connections: 12,
      headers: { authorization: `Bearer ${token}` },
    };
    await load({ ...request, amount: 300 }); // warm-up, not measured
    return await load({ ...request, amount: 2400 });
  } finally {
    await cluster.close();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  }
}

export async function clusterRows(url: string): Promise<BenchRow[]> {
  const node = await startAnvil();
  const model = await startScriptedMessagesServer({ script: scriptedCoach });
  try {
    const chain = await openGatewayChain({ rpcUrl: node.url, clock: systemClock });
    await deployHomeEnvironment(chain.client);
    const one = await measure(1, url, node.url, model.url);
    const three = await measure(3, url, node.url, model.url);
    return [
      {
        name: 'PostgreSQL, 1 instance behind haproxy: /desk/me per second',
        value: one.requestsPerSecond,
        unit: 'count',
      },
      { name: 'PostgreSQL, 1 instance: /desk/me p50', value: one.p50Ms, unit: 'ms' },
      { name: 'PostgreSQL, 1 instance: /desk/me p99', value: one.p99Ms, unit: 'ms' },
      {
        name: 'PostgreSQL, 3 instances behind haproxy: /desk/me per second',
        value: three.requestsPerSecond,
        unit: 'count',
      },
      { name: 'PostgreSQL, 3 instances: /desk/me p50', value: three.p50Ms, unit: 'ms' },
      { name: 'PostgreSQL, 3 instances: /desk/me p99', value: three.p99Ms, unit: 'ms' },
      {
        name: '3 instances ÷ 1 (requests per second)',
        value: three.requestsPerSecond / one.requestsPerSecond,
        unit: 'x',
      },
    ];
  } finally {
    await model.close();
    await node.stop();
  }
}
