import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, bytesToHex, equalBytes, hexToBytes } from './bytes';

describe("the vault's byte encodings", () => {
  const bytes = new Uint8Array([0, 1, 127, 128, 254, 255]);

  it('round-trips hex and base64 as the files written before (standard base64, padded)', () => {
    expect(bytesToHex(bytes)).toBe('0x00017f80feff');
    expect(hexToBytes('0x00017f80feff')).toEqual(bytes);
    expect(bytesToBase64(bytes)).toBe(btoa(String.fromCharCode(...bytes)));
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    expect(hexToBytes('0x00').buffer).toBeInstanceOf(ArrayBuffer);
  });

  it('refuses text that is not base64 instead of decoding part of it', () => {
    for (const bad of ['abc', 'ab$d', 'AAAA=A==', 'A===']) expect(base64ToBytes(bad), bad).toBeUndefined();
  });

  it('compares equal and unequal secrets', () => {
    expect(equalBytes(bytes, bytes.slice())).toBe(true);
    expect(equalBytes(bytes, bytes.slice(1))).toBe(false);
  });
});
