import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { normalizeAddressee } from './addressee';

const lower = '0xac922900f3c986028854a498106fa80f25c12345';

describe('normalizeAddressee (seed 001 step 0.1)', () => {
  it('checksums a plain 0x address and a CAIP-10 one on this chain', () => {
    const plain = normalizeAddressee(lower, 31337);
    expect(plain).toEqual({ ok: true, address: getAddress(lower) });
    expect(plain.ok && plain.address).not.toBe(lower);
    expect(normalizeAddressee(`eip155:31337:${lower}`, 31337)).toEqual(plain);
  });

  it('refuses another chain, other namespaces and anything that is not an address, in words', () => {
    expect(normalizeAddressee(`eip155:1:${lower}`, 31337)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/chain 1/),
    });
    for (const bad of ['alice', `solana:1:${lower}`, '0x1234', `${lower}00`, ` eip155:31337:${lower}x`]) {
      expect(normalizeAddressee(bad, 31337).ok).toBe(false);
    }
  });
});
