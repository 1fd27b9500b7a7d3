import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mandate } from '../../protocol/delegation';
import { paymentMandateScope } from './scope';
import { signScopedDelegation } from '../delegations/sign-scoped-delegation';
import { createTestbed, openTestEmbeddedChain, type Testbed } from '../testing/testbed';
import { verifyMandate } from './verify';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function leafPaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([key, v]) => leafPaths(v as Json, [...path, key]));
}

function withLeaf(value: Json, path: (string | number)[], leaf: unknown): Json {
  if (path.length === 0) return leaf as Json;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, Json>;
  copy[head!] = withLeaf(copy[head!]!, rest, leaf);
  return copy as Json;
}

describe('verifyMandate under hostile edits', () => {
  let bed: Testbed;
  let mandate: Mandate;
  beforeAll(async () => {
    bed = await createTestbed(await openTestEmbeddedChain());
    mandate = await signScopedDelegation(bed.chain, {
      owner: bed.alice.owner,
      agent: bed.alice.agent,
      delegate: bed.harness.address,
      scope: paymentMandateScope({
        chainId: bed.chain.chainId,
        binding: bed.binding('payments.send'),
        token: bed.chain.usdc!,
        maxAmount: 5n,
        recipient: bed.bob.agent.address,
        window: bed.window(-60, 3600),
      }),
    });
  }, 60_000);

  it('answers every edited mandate with a verdict, never an exception, and accepts none that means something else', async () => {
    const original = mandate as unknown as Json;
    const paths = leafPaths(original);
    const hexish = fc.stringMatching(/^0x[0-9a-fA-F]{0,80}$/);
    const badChecksum = fc.constant('0xA2f44a1f552f5A675D5b1a37A324311fa3356924');
    const leaf = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      hexish,
      badChecksum,
      fc.constant('0'),
      fc.constant([]),
      fc.constant({}),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: paths.length - 1 }), leaf, async (index, value) => {
        const edited = withLeaf(original, paths[index]!, value);
        const verdict = await verifyMandate(bed.chain, {
          mandate: edited,
          now: bed.now(),
          delegate: bed.harness.address,
          usesSoFar: 0,
        });
        expect(typeof verdict.ok).toBe('boolean');
        if (verdict.ok) expect(JSON.stringify(edited).toLowerCase()).toBe(JSON.stringify(original).toLowerCase());
        else expect(verdict.message.length).toBeGreaterThan(10);
      }),
      { numRuns: 80 },
    );
  });
});
