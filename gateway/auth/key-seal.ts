import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The signing keys at rest. With secrets (SIGNING_KEYS_SECRET, newest first, from the environment or a file, never in
 * the database) every private key is sealed with AES-256-GCM under a key derived from the newest, bound to the key's
 * `kid`: a row read out of the database — a leaked backup, a read-only injection — signs nothing, and a row written by
 * someone without a secret is not opened, so it is neither used nor published. Any of the secrets opens a row (the
 * older ones while a rotation of the secret is under way). Without a secret (PGlite, the demo) the key is kept as its
 * JWK, and only a row in that form is read.
 */
export type KeySeal = {
  readonly sealed: boolean;
  /** The stored form of a private JWK (its JSON) for the key `kid`, sealed under the newest secret. */
  seal(kid: string, privateJwk: string): string;
  /**
   * The private JWK's JSON back, and whether the newest secret sealed it (false: an older one did, so it is to be
   * sealed again); null when no secret opens the row (other secrets, or none).
   */
  open(kid: string, stored: string): { jwk: string; newest: boolean } | null;
};

const PREFIX = 'sealed:v1:';
const INFO = 'heartcoach signing keys v1';
export const MIN_SECRET_LENGTH = 32;

const keyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), INFO, 32));

/** `secrets` newest first; null or none: the keys are kept unsealed. */
export function keySeal(secrets: readonly string[] | null): KeySeal {
  if (secrets === null || secrets.length === 0)
    return {
      sealed: false,
      seal: (_kid, jwk) => jwk,
      open: (_kid, stored) => (stored.startsWith('{') ? { jwk: stored, newest: true } : null),
    };
  if (secrets.some((s) => s.length < MIN_SECRET_LENGTH))
    throw new Error(`A signing keys' secret is shorter than ${MIN_SECRET_LENGTH} characters.`);
  const keys = secrets.map(keyOf);
  const key = keys[0]!;
  return {
    sealed: true,
    seal(kid, jwk) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(kid, 'utf8'));
      const body = Buffer.concat([cipher.update(jwk, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(kid, stored) {
      for (const [i, k] of keys.entries()) {
        const jwk = openWith(k, kid, stored);
        if (jwk !== null) return { jwk, newest: i === 0 };
      }
      return null;
    },
  };
}

function openWith(key: Buffer, kid: string, stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return null;
  const [iv, body] = stored.slice(PREFIX.length).split('.');
  if (iv === undefined || body === undefined) return null;
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length < 17) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(kid, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null; // another secret, or a row changed in the database
  }
}
