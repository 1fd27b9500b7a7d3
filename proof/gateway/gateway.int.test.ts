import { describe, expect, it } from 'vitest';
import { JWT_CASES } from './jwt-cases';
import { gatewayReport } from './suite';

/**
 * The gateway suite in CI (integration: a real loopback server): every bearer forgery 401, every role reaching past
 * itself and every grantless desk write refused with its code, JSON-RPC fuzzing answered in JSON — and no 500.
 */
describe('the gateway suite', () => {
  it('tries what issue 9 lists', () => {
    const ids = JWT_CASES.map((c) => c.id);
    for (const id of ['alg-none', 'hs256-public-key', 'expired', 'audience', 'issuer', 'unknown-kid', 'oversized'])
      expect(ids).toContain(id);
  });

  it('meets its targets', { timeout: 300_000 }, async () => {
    const report = await gatewayReport({ runs: 400 });
    expect(report.worst).toEqual([]);
    expect(report.targets.filter((t) => !t.met)).toEqual([]);
  });
});
