import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The signing keys at rest. With a secret (SIGNING_KEYS_SECRET, from the environment or a file, never in the
 * database) every private key is sealed with AES-256-GCM under a key derived from it, bound to the key's `kid`: a
 * row read out of the database — a leaked backup, a read-only injection — signs nothing, and a row written by someone
 * without the secret is not opened, so it is neither used nor published. Without a secret (PGlite, the demo) the key
 * is kept as its JWK, and only a row in that form is read.
 */
export type KeySeal = {
  readonly sealed: boolean;
  /** The stored form of a private JWK (its JSON) for the key `kid`. */
  seal(kid: string, privateJwk: string): string;
  /** The private JWK's JSON back, or null when this seal cannot open the row (another secret, or none). */
  open(kid: string, stored: string): string | null;
};

const PREFIX = 'sealed:v1:';
const INFO = 'heartcoach signing keys v1';
export const MIN_SECRET_LENGTH = 32;

export function keySeal(secret: string | null): KeySeal {
  if (secret === null)
    return {
      sealed: false,
      seal: (_kid, jwk) => jwk,
      open: (_kid, stored) => (stored.startsWith('{') ? stored : null),
    };
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`The signing keys' secret is shorter than ${MIN_SECRET_LENGTH} characters.`);
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), INFO, 32));
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
      if (!stored.startsWith(PREFIX)) return null;
      const [iv, body] = stored.slice(PREFIX.length).split('.');
      if (iv === undefined || body === undefined) return null;
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length < 17) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(kid, 'utf8'));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null; // another secret, or a row changed in the database
      }
    },
  };
}
