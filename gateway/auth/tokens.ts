import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from '../ports';
import type { SessionKey } from './session-keys';

/** What signs sessions: the key ring (gateway/auth/key-ring.ts), or one fixed key in a unit test. */
export type Signer = { signingKey(): Promise<SessionKey> };

/** Access tokens live an hour, refresh tokens thirty days (DESIGN §10). */
export const ACCESS_TTL_SECONDS = 60 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export type SessionConfig = { issuer: string; audience: string; keys: Signer; clock: Clock };

/**
 * Signs an ES256 access JWT for a Smart Agent address; `name` is a facet, the address is the identity. `sid` names
 * the session (the sessions table), so the token ends when its session is revoked, on every instance.
 */
export async function issueAccessToken(
  config: SessionConfig,
  subject: { address: string; name: string },
  ids: { jti: string; sid: string },
): Promise<{ token: string; expiresAt: Date }> {
  const now = Math.floor(config.clock.now().getTime() / 1000);
  const key = await config.keys.signingKey();
  const token = await new SignJWT({ name: subject.name, sid: ids.sid })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setSubject(subject.address.toLowerCase())
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + ACCESS_TTL_SECONDS)
    .setJti(ids.jti)
    .sign(key.privateKey);
  return { token, expiresAt: new Date((now + ACCESS_TTL_SECONDS) * 1000) };
}

/** A refresh token: 32 random bytes; only its hash is stored, so a copy of the desk cannot mint sessions. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');
