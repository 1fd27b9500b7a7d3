import { scryptAsync } from '@noble/hashes/scrypt.js';
import { z } from 'zod';
import { HomeError } from '../../protocol/errors';
import { HexBytes, type Hex } from '../values';
import { bytesToHex, hexToBytes, randomBytes } from './bytes';

/**
 * Passphrase stretching for keys at rest and exported files (DESIGN §2). scrypt at OWASP's recommendation
 * (N=2^17, r=8, p=1: ~0.6 s and 128 MiB in Node 20 here) is the default; PBKDF2-SHA256 at OWASP's 600,000 iterations
 * via WebCrypto is the alternative. Parameters travel with the ciphertext, bounded both ways: below the floor only
 * when marked `testOnly` (tests may not wait 0.6 s per seal), above the ceiling never (a hostile file must not make
 * the worker spend minutes or gigabytes).
 */
export const KdfParams = z.discriminatedUnion('name', [
  z.strictObject({
    name: z.literal('scrypt'),
    N: z
      .number()
      .int()
      .refine((n) => n >= 2 && n <= 2 ** 20 && (n & (n - 1)) === 0, 'a power of two up to 2^20'),
    r: z.number().int().min(1).max(32),
    p: z.number().int().min(1).max(4),
    salt: HexBytes,
    testOnly: z.literal(true).optional(),
  }),
  z.strictObject({
    name: z.literal('pbkdf2-sha256'),
    iterations: z.number().int().min(1).max(10_000_000),
    salt: HexBytes,
    testOnly: z.literal(true).optional(),
  }),
]);
export type KdfParams = z.output<typeof KdfParams>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** KDF choice without its salt: a fresh 16-byte salt is drawn for every new seal. */
export type KdfChoice = DistributiveOmit<KdfParams, 'salt'>;

export const OWASP_SCRYPT: KdfChoice = { name: 'scrypt', N: 2 ** 17, r: 8, p: 1 };
export const OWASP_PBKDF2: KdfChoice = { name: 'pbkdf2-sha256', iterations: 600_000 };

/** True when the parameters reach OWASP's floor. */
export function meetsOwaspFloor(kdf: KdfChoice): boolean {
  if (kdf.name === 'scrypt') return kdf.N * kdf.r * kdf.p >= 2 ** 17 * 8;
  return kdf.iterations >= 600_000;
}

/** Draws a salt for a new seal; refuses weak parameters unless they say they are for tests. */
export function freshKdf(choice: KdfChoice): KdfParams {
  if (!meetsOwaspFloor(choice) && choice.testOnly !== true) {
    throw new HomeError(
      'WEAK_KDF',
      "These passphrase-stretching parameters are below OWASP's floor; only tests may use them.",
    );
  }
  return { ...choice, salt: bytesToHex(randomBytes(16)) } as KdfParams;
}

/** 32 bytes from a passphrase (Unicode NFKC-normalised, so the same words typed differently stretch the same). */
export async function stretch(passphrase: string, kdf: KdfParams): Promise<Uint8Array> {
  const password = new TextEncoder().encode(passphrase.normalize('NFKC'));
  const salt = hexToBytes(kdf.salt as Hex);
  if (kdf.name === 'scrypt')
    return scryptAsync(password, salt, { N: kdf.N, r: kdf.r, p: kdf.p, dkLen: 32, maxmem: 2 ** 31 });
  const base = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: kdf.iterations },
    base,
    256,
  );
  return new Uint8Array(bits);
}
