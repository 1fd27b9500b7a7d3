import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

/**
 * The gateway's session-signing key: ES256 (P-256), identified by its JWK thumbprint as `kid`. The public half is
 * served at /.well-known/jwks.json; the private half never leaves the process (or its key file, 0600).
 */
export type SessionKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

async function fromPrivateJwk(jwk: JWK): Promise<SessionKey> {
  const { d: _d, ...publicPart } = jwk;
  const kid = await calculateJwkThumbprint(publicPart);
  const privateKey = (await importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  return { kid, privateKey, publicJwk: { ...publicPart, kid, alg: 'ES256', use: 'sig' } };
}

/** A fresh key (tests; a gateway without a key file, whose sessions end with the process). */
export async function generateSessionKey(): Promise<SessionKey> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return fromPrivateJwk(await exportJWK(privateKey));
}

/** Loads the key from `path`, creating it there on first start, so sessions survive a restart. */
export async function loadOrCreateSessionKey(path: string): Promise<SessionKey> {
  try {
    return await fromPrivateJwk(JSON.parse(await readFile(path, 'utf8')) as JWK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
  return fromPrivateJwk(jwk);
}
