import fc from 'fast-check';
import { ask } from '../../gateway/testing/a2a-client';
import { demoCabinet } from '../../gateway/testing/demo-cabinet';
import { CABINET_FOLDERS } from '../../src/ontology/health-portal.generated';
import { testDatabases } from '../../gateway/testing/databases';
import { startTestGateway, type TestGateway } from '../../gateway/testing/test-gateway';
import type { DemoPersonId } from '../../src/protocol/demo-identities';
import { pct, type ProofSuite, type SuiteReport } from '../report';
import { requests, send, type Answered } from './fuzz';
import { JWT_CASES } from './jwt-cases';
import { roleCases } from './roles';

/**
 * The gateway suite: the HeartCoach gateway started in-process on loopback as its own integration tests start it
 * (PGlite desk, its own embedded chain, the real Anthropic SDK against the scripted Messages server), then bearer
 * forgeries, JSON-RPC fuzzing and role reaching over real HTTP. Every status is counted; a 500 misses the target.
 */
export async function gatewayReport(options: { runs?: number; seed?: number } = {}): Promise<SuiteReport> {
  const runs = options.runs ?? 600;
  const seed = options.seed ?? 20260929;
  const gw: TestGateway = await startTestGateway(testDatabases()[0]!);
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  try {
    const tokens = new Map<DemoPersonId, string>();
    for (const member of ['alice', 'dave', 'priya', 'dietitian', 'caregiver'] as const)
      tokens.set(member, await gw.session(member));
    const good = tokens.get('alice')!;

    // Bearer forgeries: each 401 `unauthenticated`, and the model never called.
    const modelCalls = gw.model.requests.length;
    const jwt = [];
    for (const c of JWT_CASES) {
      const header = await c.header(gw, good);
      const res = await fetch(`${gw.url}/a2a`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'A2A-Version': '1.0',
          ...(header === null ? {} : { authorization: header }),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: c.id,
          method: 'SendMessage',
          params: {
            message: {
              messageId: c.id,
              role: 'ROLE_USER',
              parts: [{ text: 'How is my week going?' }],
              metadata: { skill: 'heartcoach.ask' },
            },
          },
        }),
      });
      count(res.status);
      const body = (await res.json()) as { error?: { message?: string; data?: { code?: string } } };
      jwt.push({ c, status: res.status, code: body.error?.data?.code ?? 'none', message: body.error?.message ?? '' });
    }
    const jwtModelCalls = gw.model.requests.length - modelCalls;

    // JSON-RPC fuzzing.
    const fuzzed: Answered[] = [];
    const data = {
      cabinet: demoCabinet(),
      grant: await gw.cabinetGrant('alice', [...CABINET_FOLDERS]),
      kind: 'question',
    };
    for (const r of fc.sample(requests(good, data), { numRuns: runs, seed })) {
      const answered = await send(gw.url, r);
      count(answered.status);
      fuzzed.push(answered);
    }

    // Roles reaching past themselves, and desk writes without the practice's grant (last: it revokes Dave's grant).
    const roles = await roleCases({ gw, tokens });
    const checkin = await ask(gw.url, good, { skill: 'heartcoach.ask', text: 'How is my week going?' });
    count(checkin.status);

    const fiveHundreds = statuses.get(500) ?? 0;
    const jwtOk = jwt.filter((j) => j.status === 401 && j.code === 'unauthenticated');
    const rolesOk = roles.filter((r) => r.refused);
    const byStatus = [...statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const codes = new Map<string, number>();
    for (const f of fuzzed) {
      const label = `${f.status} ${f.code ?? (f.rpcCode !== null ? String(f.rpcCode) : f.status < 300 ? 'answered' : '—')}`;
      codes.set(label, (codes.get(label) ?? 0) + 1);
    }
    return {
      id: 'gateway',
      title: 'Gateway: bearer forgeries, JSON-RPC fuzzing, roles and grants (HeartCoach on loopback, PGlite)',
      tables: [
        {
          title: 'Bearer forgeries (each must be HTTP 401 unauthenticated)',
          head: ['token', 'HTTP', 'code', 'words'],
          rows: jwt.map((j) => [j.c.title, j.status, j.code, j.message.slice(0, 70)]),
        },
        {
          title: `JSON-RPC fuzzing (fast-check, seed ${seed})`,
          head: ['requests', 'HTTP 500', 'other 5xx', 'not JSON', 'distinct refusals (status code)'],
          rows: [
            [
              fuzzed.length,
              fuzzed.filter((f) => f.status === 500).length,
              fuzzed.filter((f) => f.status > 500).length,
              fuzzed.filter((f) => !f.json).length,
              codes.size,
            ],
          ],
        },
        {
          title: 'What the fuzzed requests got back',
          head: ['HTTP and code', 'count'],
          rows: [...codes.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, n]),
        },
        {
          title: 'Roles and grants (the model scripted to reach; the gates answer)',
          head: ['case', 'refused', 'code'],
          rows: roles.map((r) => [r.title, r.refused ? 'yes' : 'NO', r.code]),
        },
      ],
      targets: [
        {
          name: 'bearer forgeries refused with 401 unauthenticated, no model call',
          figure: `${jwtOk.length}/${jwt.length}, ${jwtModelCalls} model calls`,
          met: jwtOk.length === jwt.length && jwtModelCalls === 0,
        },
        {
          name: 'roles reaching past themselves and grantless desk writes refused with their codes',
          figure: `${rolesOk.length}/${roles.length} (${pct(rolesOk.length, roles.length)})`,
          met: rolesOk.length === roles.length,
        },
        {
          name: 'no HTTP 500 in any request of this suite',
          figure: `${fiveHundreds} of ${[...statuses.values()].reduce((a, n) => a + n, 0)} (${byStatus})`,
          met: fiveHundreds === 0,
        },
        {
          name: 'every fuzzed answer is JSON',
          figure: `${fuzzed.filter((f) => f.json).length}/${fuzzed.length}`,
          met: fuzzed.every((f) => f.json),
        },
      ],
      worst: [
        ...jwt.filter((j) => !jwtOk.includes(j)).map((j) => `bearer ${j.c.id}: HTTP ${j.status} ${j.code}`),
        ...roles.filter((r) => !r.refused).map((r) => `${r.id}: ${r.code}`),
      ],
      notes: [
        'The suite uses the gateway’s own test harness (gateway/testing): a fresh PGlite desk seeded from the demo identities, and the scripted coach model.',
      ],
    };
  } finally {
    await gw.close();
  }
}

export const gatewaySuite: ProofSuite = { id: 'gateway', title: 'Gateway', run: () => gatewayReport() };
