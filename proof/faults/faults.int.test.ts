import { describe, expect, it } from 'vitest';
import { gatewayRestartRows } from './gateway-restart';
import { rpcGoneRows } from './rpc-gone';

/**
 * Faults (b) and (c) in CI (integration: real processes on loopback): HeartCoach's gateway SIGKILLed mid-consultation
 * and restarted over its data directory; anvil killed under the person's agent and brought back.
 */
describe('faults with real processes', () => {
  it(
    'the gateway restarted mid-consultation: said in words, the question kept, then answered; the next ask succeeds',
    { timeout: 300_000 },
    async () => {
      const rows = await gatewayRestartRows();
      expect(rows).toHaveLength(3);
      expect(rows.filter((r) => !r.pass)).toEqual([]);
    },
  );

  it(
    'the RPC node gone: verification fails closed in words, nothing paid; back, it pays once',
    { timeout: 180_000 },
    async () => {
      const rows = await rpcGoneRows();
      expect(rows).toHaveLength(3);
      expect(rows.filter((r) => !r.pass)).toEqual([]);
    },
  );
});
