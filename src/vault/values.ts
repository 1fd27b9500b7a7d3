import { z } from 'zod';
import { HomeError } from '../protocol/errors';

/**
 * Value schemas shared by the vault's rows. Addresses are stored lower-cased so an index lookup never misses on
 * checksum case; viem accepts lower-case addresses everywhere.
 */
export type Address = `0x${string}`;
export type Hex = `0x${string}`;

export const Address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an 0x address of 40 hex digits')
  .transform((value) => value.toLowerCase() as Address);

/** A 32-byte hash (delegation hash, digest) in hex, lower-cased. */
export const Hash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte 0x hash')
  .transform((value) => value.toLowerCase() as Hex);

/** Any byte string in hex (ciphertext, IV, salt), lower-cased. */
export const HexBytes = z
  .string()
  .regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'hex bytes starting 0x')
  .max(2_000_002)
  .transform((value) => value.toLowerCase() as Hex);

/** Milliseconds since the epoch. */
export const Millis = z.number().int().nonnegative();

/** An identifier: printable, bounded. */
export const Id = z.string().min(1).max(256);

/** A short human label (a name, a title). */
export const Label = z.string().min(1).max(200);

/** Names a thing is known by, matched exactly and case-insensitively (DESIGN §10): stored lower-cased. */
export const Aliases = z
  .array(
    z
      .string()
      .min(1)
      .max(120)
      .transform((alias) => alias.toLowerCase()),
  )
  .max(32);

/** Free JSON (a receipt body, a checkpoint): structurally validated, shaped by its owner module. */
export const Json = z.json();
export type Json = z.infer<typeof Json>;

/** Lower-cases an address given by a caller so it matches what the vault stores; refuses a non-address in words. */
export function normalizeAddress(address: string): Address {
  const parsed = Address.safeParse(address);
  if (parsed.success) return parsed.data;
  throw new HomeError('BAD_ADDRESS', `"${String(address).slice(0, 60)}" is not an address (0x and 40 hex digits).`);
}

/** Lower-cases a 32-byte hash given by a caller; refuses anything else in words. */
export function normalizeHash(hash: string): Hex {
  const parsed = Hash.safeParse(hash);
  if (parsed.success) return parsed.data;
  throw new HomeError('BAD_HASH', `"${String(hash).slice(0, 80)}" is not a 32-byte hash (0x and 64 hex digits).`);
}
