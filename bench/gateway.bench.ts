import { CABINET_FOLDERS } from '../src/ontology/health-portal.generated';
import { ask } from '../gateway/testing/a2a-client';
import { testDatabases } from '../gateway/testing/databases';
import { demoCabinet } from '../gateway/testing/demo-cabinet';
import { startTestGateway } from '../gateway/testing/test-gateway';
import { clusterRows } from './gateway-cluster';
import { load } from './gateway-load';
import type { BenchRow, BenchSuite } from './run';

/** The scripted model's fixed latency: the "model time" the consultation is measured around. */
const MODEL_MS = 50;
const CONNECTIONS = 8;

/**
 * HeartCoach's gateway under a bounded load on loopback: requests per second and p99 for the agent card
 * and for an authenticated consultation ("How is my week going?", one model round) with the scripted model at a
 * fixed latency, each against a baseline measured in the same run — /health for the card, the scripted model called
 * directly with the same request for the consultation — and the share of a consultation's time spent outside the model.
 */
export const suite: BenchSuite = {
  description:
    `gateway on loopback (PGlite desk, scripted model at ${MODEL_MS} ms, ${CONNECTIONS} connections); with ` +
    'BENCH_DATABASE_URL or TEST_DATABASE_URL, one instance against three behind haproxy on PostgreSQL',
  async run(): Promise<BenchRow[]> {
    const gw = await startTestGateway(testDatabases()[0]!, { latencyMs: MODEL_MS });
    try {
      await load({ url: `${gw.url}/health`, connections: CONNECTIONS, amount: 2000 }); // warm-up, not measured
      const health = await load({ url: `${gw.url}/health`, connections: CONNECTIONS, amount: 4000 });
      const card = await load({ url: `${gw.url}/.well-known/agent-card.json`, connections: CONNECTIONS, amount: 4000 });

      const token = await gw.session('alice');
      const data = {
        cabinet: demoCabinet(),
        grant: await gw.cabinetGrant('alice', [...CABINET_FOLDERS]),
        kind: 'question',
      };
      const probe = await ask(gw.url, token, { skill: 'heartcoach.ask', text: 'How is my week going?', data });
      if (probe.answer === null)
        throw new Error(`the consultation did not answer: ${JSON.stringify(probe.body.error)}`);
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 'bench',
        method: 'SendMessage',
        params: {
          message: {
            messageId: 'bench',
            role: 'ROLE_USER',
            parts: [{ text: 'How is my week going?' }, { data }],
            metadata: { skill: 'heartcoach.ask' },
          },
        },
      });
      const consultation = await load({
        url: `${gw.url}/a2a`,
        method: 'POST',
        connections: CONNECTIONS,
        amount: 400,
        body,
        headers: { 'content-type': 'application/json', 'A2A-Version': '1.0', authorization: `Bearer ${token}` },
      });
      const modelRequest = gw.model.requests.at(-1)!;
      const model = await load({
        url: `${gw.model.url}/v1/messages`,
        method: 'POST',
        connections: CONNECTIONS,
        amount: 400,
        body: JSON.stringify(modelRequest.body),
        headers: { 'content-type': 'application/json', 'x-api-key': 'bench' },
      });
      const outside = Math.max(0, consultation.meanMs - model.meanMs) / consultation.meanMs;
      // One at a time: the gateway's own cost per consultation, without queueing behind other consultations.
      const single = await load({
        url: `${gw.url}/a2a`,
        method: 'POST',
        connections: 1,
        amount: 60,
        body,
        headers: { 'content-type': 'application/json', 'A2A-Version': '1.0', authorization: `Bearer ${token}` },
      });
      const singleModel = await load({
        url: `${gw.model.url}/v1/messages`,
        method: 'POST',
        connections: 1,
        amount: 60,
        body: JSON.stringify(modelRequest.body),
        headers: { 'content-type': 'application/json', 'x-api-key': 'bench' },
      });
      const outsideSingle = Math.max(0, single.meanMs - singleModel.meanMs) / single.meanMs;
      const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
      // One instance against three behind haproxy, on PostgreSQL: only where a PostgreSQL is given.
      const cluster = url === undefined || url === '' ? [] : await clusterRows(url);
      return [
        ...cluster,
        { name: 'agent card: requests per second', value: card.requestsPerSecond, unit: 'count' },
        { name: 'agent card: p99', value: card.p99Ms, unit: 'ms' },
        { name: 'baseline /health: requests per second', value: health.requestsPerSecond, unit: 'count' },
        {
          name: 'agent card ÷ /health (requests per second)',
          value: card.requestsPerSecond / health.requestsPerSecond,
          unit: 'x',
        },
        { name: 'consultation: requests per second', value: consultation.requestsPerSecond, unit: 'count' },
        { name: 'consultation: mean', value: consultation.meanMs, unit: 'ms' },
        { name: 'consultation: p99', value: consultation.p99Ms, unit: 'ms' },
        { name: 'baseline scripted model alone: mean', value: model.meanMs, unit: 'ms' },
        { name: 'consultation ÷ model alone (mean latency)', value: consultation.meanMs / model.meanMs, unit: 'x' },
        {
          name: `share of consultation time outside the model, ${CONNECTIONS} at once (%)`,
          value: outside * 100,
          unit: 'count',
        },
        { name: 'consultation one at a time: mean', value: single.meanMs, unit: 'ms' },
        { name: 'gateway time per consultation, one at a time', value: single.meanMs - singleModel.meanMs, unit: 'ms' },
        {
          name: 'share of consultation time outside the model, one at a time (%)',
          value: outsideSingle * 100,
          unit: 'count',
          target: '< 50 at 50 ms model time',
        },
      ];
    } finally {
      await gw.close();
    }
  },
};
