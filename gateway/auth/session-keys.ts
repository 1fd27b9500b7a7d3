import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

/**
 * The gateway's session-signing key: ES256 (P-256), identified by its JWK thumbprint as `kid`. The public half is
 * served at /.well-known/jwks.json; the private half lives in the key ring (gateway/auth/key-ring.ts).
 */
export type SessionKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

export async function fromPrivateJwk(jwk: JWK): Promise<SessionKey> {
  const { d: _d, ...publicPart } = jwk;
  const kid = await calculateJwkThumbprint(publicPart);
  const privateKey = (await importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  return { kid, privateKey, publicJwk: { ...publicPart, kid, alg: 'ES256', use: 'sig' } };
}

/** A fresh key (tests, and the key ring when it rotates). */
export async function generateSessionKey(): Promise<SessionKey> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return fromPrivateJwk(await exportJWK(privateKey));
}
