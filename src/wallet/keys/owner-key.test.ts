import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../../protocol/demo-identities';
import { generateOwnerKey, importOwnerKey, ownerAddressOf } from './owner-key';

describe('owner keys', () => {
  it('generates distinct valid keys', () => {
    const keys = new Set(Array.from({ length: 16 }, () => generateOwnerKey()));
    expect(keys.size).toBe(16);
    for (const key of keys) expect(importOwnerKey(key)).toBe(key);
  });

  it('imports a key with or without 0x, in either case, and derives its address', () => {
    const alice = DEMO_PEOPLE.alice;
    expect(importOwnerKey(alice.privateKey.slice(2).toUpperCase())).toBe(alice.privateKey.toLowerCase());
    expect(importOwnerKey(`  ${alice.privateKey}\n`)).toBe(alice.privateKey.toLowerCase());
    expect(ownerAddressOf(alice.privateKey)).toBe(alice.ownerAddress);
  });

  it('refuses what is not a key, in words', () => {
    const order = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';
    for (const bad of ['', '0x1234', 'zz'.repeat(32), `0x${'00'.repeat(32)}`, `0x${order}`, `0x${'11'.repeat(33)}`]) {
      expect(() => importOwnerKey(bad)).toThrow(expect.objectContaining({ code: 'KEY_INVALID' }));
    }
  });
});
