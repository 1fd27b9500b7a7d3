import { z } from 'zod';
import { refreshTokenOf, revokeRefreshToken } from '../desk/sessions';
import { refuse } from '../errors';
import { openSession, type Session, type SignInDeps } from './siwe-signin';
import { hashRefreshToken } from './tokens';

export const RefreshBody = z.strictObject({ refreshToken: z.string().min(20).max(200) });

/**
 * Trades a live refresh token for a new session. The old token is revoked in the same step (rotation), so a stolen
 * copy that is used after its owner refreshed is refused.
 */
export async function refreshSession(
  deps: Pick<SignInDeps, 'sql' | 'ids' | 'session'>,
  refreshToken: string,
): Promise<Session> {
  const now = deps.session.clock.now().toISOString();
  const hash = hashRefreshToken(refreshToken);
  const row = await refreshTokenOf(deps.sql, hash);
  if (row === null) throw refuse.unauthenticated('This refresh token was not issued here.');
  if (row.revokedAt !== null) throw refuse.unauthenticated('This refresh token was revoked; sign in again.');
  if (row.expiresAt <= now) throw refuse.unauthenticated('This refresh token has expired; sign in again.');
  if (!(await revokeRefreshToken(deps.sql, hash, now)))
    throw refuse.unauthenticated('This refresh token was just used; sign in again.');
  return openSession(deps, { address: row.subject, name: row.name });
}

/** Revokes a refresh token (sign-out); answers whether a live token was revoked. */
export async function revokeSession(deps: Pick<SignInDeps, 'sql' | 'session'>, refreshToken: string): Promise<boolean> {
  return revokeRefreshToken(deps.sql, hashRefreshToken(refreshToken), deps.session.clock.now().toISOString());
}
