import { base64, hex } from '@scure/base';
import type { Hex } from '../values';

/**
 * Bytes ↔ hex and base64 (`@scure/base`, audited) and randomness (WebCrypto's CSPRNG, in the worker and in Node 20)
 * for the vault's crypto. Results are fresh ArrayBuffer-backed arrays, as WebCrypto takes them.
 */
export function bytesToHex(bytes: Uint8Array): Hex {
  return `0x${hex.encode(bytes)}`;
}

export function hexToBytes(value: Hex): Uint8Array<ArrayBuffer> {
  return new Uint8Array(hex.decode(value.slice(2)));
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** Base64 for the export file (large blobs; hex would double them). */
export function bytesToBase64(bytes: Uint8Array): string {
  return base64.encode(bytes);
}

/** Decodes base64; undefined when the text is not base64 (a tampered or truncated file). */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return new Uint8Array(base64.decode(text));
  } catch {
    return undefined;
  }
}

/** Compares secrets without an early exit. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
