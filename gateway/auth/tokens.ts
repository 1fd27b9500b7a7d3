import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from '../ports';
import type { SessionKey } from './session-keys';

/** Access tokens live an hour, refresh tokens thirty days (DESIGN §10). */
export const ACCESS_TTL_SECONDS = 60 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export type SessionConfig = { issuer: string; audience: string; key: SessionKey; clock: Clock };

/** Signs an ES256 access JWT for a Smart Agent address; `name` is a facet, the address is the identity. */
export async function issueAccessToken(
  config: SessionConfig,
  subject: { address: string; name: string },
  jti: string,
): Promise<{ token: string; expiresAt: Date }> {
  const now = Math.floor(config.clock.now().getTime() / 1000);
  const token = await new SignJWT({ name: subject.name })
    .setProtectedHeader({ alg: 'ES256', kid: config.key.kid, typ: 'JWT' })
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setSubject(subject.address.toLowerCase())
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + ACCESS_TTL_SECONDS)
    .setJti(jti)
    .sign(config.key.privateKey);
  return { token, expiresAt: new Date((now + ACCESS_TTL_SECONDS) * 1000) };
}

/** A refresh token: 32 random bytes; only its hash is stored, so a copy of the desk cannot mint sessions. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');
