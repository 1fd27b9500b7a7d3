import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { scrypt } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from './bytes';
import { freshKdf, KdfParams, meetsOwaspFloor, OWASP_PBKDF2, OWASP_SCRYPT, stretch } from './kdf';

describe('passphrase stretching', () => {
  it("defaults to OWASP's parameters and draws a fresh salt each time", () => {
    expect(OWASP_SCRYPT).toEqual({ name: 'scrypt', N: 2 ** 17, r: 8, p: 1 });
    expect(OWASP_PBKDF2).toEqual({ name: 'pbkdf2-sha256', iterations: 600_000 });
    expect(meetsOwaspFloor(OWASP_SCRYPT) && meetsOwaspFloor(OWASP_PBKDF2)).toBe(true);
    expect(freshKdf(OWASP_SCRYPT).salt).not.toBe(freshKdf(OWASP_SCRYPT).salt);
  });

  it('computes scrypt and PBKDF2 exactly as the reference implementations do (NFKC first)', async () => {
    const salt = '0x000102030405060708090a0b0c0d0e0f' as const;
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    const scryptParams = KdfParams.parse({ name: 'scrypt', N: 1024, r: 8, p: 1, salt, testOnly: true });
    const expected = scrypt(new TextEncoder().encode(composed), hexToBytes(salt), { N: 1024, r: 8, p: 1, dkLen: 32 });
    expect(await stretch(decomposed, scryptParams)).toEqual(expected);
    const pbkdfParams = KdfParams.parse({ name: 'pbkdf2-sha256', iterations: 2000, salt, testOnly: true });
    expect(await stretch(composed, pbkdfParams)).toEqual(
      pbkdf2(sha256, new TextEncoder().encode(composed), hexToBytes(salt), { c: 2000, dkLen: 32 }),
    );
  });

  it('refuses parameters a hostile file could use to exhaust the worker', () => {
    expect(KdfParams.safeParse({ name: 'scrypt', N: 2 ** 24, r: 8, p: 1, salt: '0x00' }).success).toBe(false);
    expect(KdfParams.safeParse({ name: 'scrypt', N: 1000, r: 8, p: 1, salt: '0x00' }).success).toBe(false);
    expect(KdfParams.safeParse({ name: 'pbkdf2-sha256', iterations: 1e9, salt: '0x00' }).success).toBe(false);
  });
});
