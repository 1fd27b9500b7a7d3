import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { refuse, type Refusal } from '../outcome';
import { equalBytes, randomBytes } from './bytes';
import { stretch, type KdfParams } from './kdf';

/**
 * AES-256-GCM under a passphrase (DESIGN §2). The stretched passphrase is split with HKDF into the cipher key and
 * a check value stored beside the ciphertext: a wrong passphrase is then told apart from a tampered ciphertext
 * (the check costs an attacker exactly what a GCM trial costs: one stretch). The caller's additional data binds
 * each ciphertext to what it is (a key's id and purpose, a file's header).
 */
export type PassphraseSecrets = { key: CryptoKey; check: Uint8Array; kdf: KdfParams };

const label = (text: string) => new TextEncoder().encode(text);

export async function deriveSecrets(passphrase: string, kdf: KdfParams): Promise<PassphraseSecrets> {
  const stretched = await stretch(passphrase, kdf);
  const keyBytes = hkdf(sha256, stretched, undefined, label('home-agent/v1/aes-256-gcm'), 32);
  const check = hkdf(sha256, stretched, undefined, label('home-agent/v1/passphrase-check'), 32);
  stretched.fill(0);
  const key = await crypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
  keyBytes.fill(0);
  return { key, check, kdf };
}

/** Encrypts with a fresh random 96-bit IV (never reused: 2^-32 collision bound far beyond a vault's seals). */
export async function encrypt(
  secrets: PassphraseSecrets,
  plaintext: Uint8Array<ArrayBuffer>,
  aad: Uint8Array<ArrayBuffer>,
) {
  const iv = randomBytes(12);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad, tagLength: 128 },
    secrets.key,
    plaintext,
  );
  return { iv, ciphertext: new Uint8Array(sealed) };
}

export type OpenRefusal = Refusal<'WRONG_PASSPHRASE' | 'SEALED_DATA_TAMPERED'>;

/** Decrypts; a check mismatch is WRONG_PASSPHRASE, an authentication failure after a good check is tampering. */
export async function decrypt(
  secrets: PassphraseSecrets,
  sealed: { check: Uint8Array; iv: Uint8Array<ArrayBuffer>; ciphertext: Uint8Array<ArrayBuffer> },
  aad: Uint8Array<ArrayBuffer>,
): Promise<{ ok: true; plaintext: Uint8Array<ArrayBuffer> } | OpenRefusal> {
  if (!equalBytes(secrets.check, sealed.check)) {
    return refuse('WRONG_PASSPHRASE', 'That passphrase does not open it. Check the passphrase and try again.');
  }
  if (sealed.iv.length !== 12)
    return refuse('SEALED_DATA_TAMPERED', 'The encrypted data was altered or damaged; nothing was changed.');
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.iv, additionalData: aad, tagLength: 128 },
      secrets.key,
      sealed.ciphertext,
    );
    return { ok: true, plaintext: new Uint8Array(plain) };
  } catch {
    return refuse('SEALED_DATA_TAMPERED', 'The encrypted data was altered or damaged; nothing was changed.');
  }
}
