import { z } from 'zod';
import { extendSession, refreshTokenOf, revokeRefreshToken, revokeSessionRow } from '../desk/sessions';
import { refuse } from '../errors';
import { openSession, type Session, type SignInDeps } from './siwe-signin';
import { hashRefreshToken, REFRESH_TTL_SECONDS } from './tokens';

const Token = z.string().min(20).max(200);

/** RFC 6749 §6: `grant_type=refresh_token` (optional here: this endpoint grants nothing else) and `refresh_token`. */
export const RefreshBody = z.strictObject({ grant_type: z.literal('refresh_token').optional(), refresh_token: Token });

/** RFC 7009 §2.1: the token to revoke, and an optional hint (only refresh tokens are revoked here). */
export const RevokeBody = z.strictObject({ token: Token, token_type_hint: z.literal('refresh_token').optional() });

/**
 * Trades a live refresh token for a new access token and refresh token of the same session. The old token is revoked
 * in the same step (rotation). A revoked token presented again means a copy is loose — its owner or the thief already
 * used it — so the whole session ends: every access token it carries is refused on every instance from then on.
 */
export async function refreshSession(
  deps: Pick<SignInDeps, 'sql' | 'ids' | 'session'>,
  refreshToken: string,
): Promise<Session> {
  const now = deps.session.clock.now().toISOString();
  const hash = hashRefreshToken(refreshToken);
  const row = await refreshTokenOf(deps.sql, hash);
  if (row === null) throw refuse.unauthenticated('This refresh token was not issued here.');
  if (row.revokedAt !== null) {
    if (row.sid !== null) await revokeSessionRow(deps.sql, row.sid, now);
    throw refuse.unauthenticated('This refresh token was revoked; sign in again.');
  }
  if (row.expiresAt <= now) throw refuse.unauthenticated('This refresh token has expired; sign in again.');
  if (!(await revokeRefreshToken(deps.sql, hash, now)))
    throw refuse.unauthenticated('This refresh token was just used; sign in again.');
  const subject = { address: row.subject, name: row.name };
  if (row.sid === null) return openSession(deps, subject);
  const until = new Date(deps.session.clock.now().getTime() + REFRESH_TTL_SECONDS * 1000).toISOString();
  if (!(await extendSession(deps.sql, row.sid, until)))
    throw refuse.unauthenticated('This session was signed out; sign in again.');
  return openSession(deps, subject, { sid: row.sid });
}

/** Revokes a refresh token and its session (sign-out); answers whether a live token was revoked. */
export async function revokeSession(deps: Pick<SignInDeps, 'sql' | 'session'>, refreshToken: string): Promise<boolean> {
  const now = deps.session.clock.now().toISOString();
  const hash = hashRefreshToken(refreshToken);
  const row = await refreshTokenOf(deps.sql, hash);
  const revoked = await revokeRefreshToken(deps.sql, hash, now);
  if (row?.sid != null) await revokeSessionRow(deps.sql, row.sid, now);
  return revoked;
}
