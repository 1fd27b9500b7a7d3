import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { z } from 'zod';
import { knownNameOf, putRefreshToken, putSession, spendSiweNonce } from '../desk/sessions';
import type { Sql } from '../desk/sql';
import { refuse } from '../errors';
import type { Ids, SiweVerifier } from '../ports';
import type { NonceSeal } from './nonces';
import { issueAccessToken, newRefreshToken, REFRESH_TTL_SECONDS, type SessionConfig } from './tokens';

/**
 * Sign-in with Ethereum (DESIGN §10): the page or the extension asks for a nonce, the person's Smart Agent signs a
 * SIWE message naming this gateway's domain, its chain and that nonce, and the gateway answers with an access JWT
 * (one hour) and a refresh token (thirty days, revocable). The signature is checked by the wallet's verifier
 * (ERC-1271, or ERC-6492 while the account is counterfactual); every other field is checked here.
 */
export type SignInDeps = {
  sql: Sql;
  ids: Ids;
  siwe: SiweVerifier;
  session: SessionConfig;
  /** Sign-in nonces, sealed under the instances' shared secret. */
  nonces: NonceSeal;
  /** What the SIWE message must say: this gateway's authority (host:port), its URI scheme and the chain id. */
  expect: { domain: string; scheme: string; chainId: number };
};

export const NONCE_TTL_SECONDS = 5 * 60;

export const SignInBody = z.strictObject({
  message: z.string().min(1).max(4096),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/, 'a hex signature')
    .max(32_768),
});

/**
 * The token response, in RFC 6749's names (§5.1): `access_token`, `token_type`, `expires_in`, `refresh_token`; and
 * `refresh_expires_in` (seconds) and `subject` beside them, which an OAuth client ignores.
 */
export type Session = {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
  subject: { address: `0x${string}`; name: string };
};

/** Issues a nonce for one sign-in (spent once, within five minutes). It writes nothing (gateway/auth/nonces.ts). */
export function issueNonce(deps: Pick<SignInDeps, 'nonces' | 'session'>): { nonce: string; expiresAt: string } {
  return deps.nonces.issue(deps.session.clock.now());
}

/** Verifies the signed SIWE message and opens a session; every refusal is a 401 in words. */
export async function signInWithEthereum(deps: SignInDeps, body: z.infer<typeof SignInBody>): Promise<Session> {
  const now = deps.session.clock.now();
  const fields = parseSiweMessage(body.message);
  if (fields.address === undefined || fields.nonce === undefined || fields.chainId === undefined) {
    throw refuse.unauthenticated('The sign-in message is not a SIWE message (address, nonce and chain are required).');
  }
  if (fields.domain !== deps.expect.domain) {
    throw refuse.unauthenticated(`The sign-in message is for ${String(fields.domain)}, not for ${deps.expect.domain}.`);
  }
  if (fields.chainId !== deps.expect.chainId) {
    throw refuse.unauthenticated(
      `The sign-in message is for chain ${fields.chainId}, not chain ${deps.expect.chainId}.`,
    );
  }
  if (fields.uri === undefined || new URL(fields.uri).origin !== `${deps.expect.scheme}://${deps.expect.domain}`) {
    throw refuse.unauthenticated(
      `The sign-in message's URI is not this gateway (${deps.expect.scheme}://${deps.expect.domain}).`,
    );
  }
  // The optional scheme prefix, when present, must be ours too; the times are checked against the gateway's clock.
  const scheme = fields.scheme === undefined ? {} : { scheme: deps.expect.scheme };
  if (!validateSiweMessage({ message: fields, domain: deps.expect.domain, ...scheme, time: now })) {
    throw refuse.unauthenticated(
      'The sign-in message has expired, is not yet valid, or is not a well-formed SIWE message.',
    );
  }
  const verdict = await deps.siwe.verify({ message: body.message, signature: body.signature as `0x${string}` });
  if (!verdict.ok) throw refuse.unauthenticated(`The sign-in signature was refused: ${verdict.reason}`);
  if (verdict.address.toLowerCase() !== fields.address.toLowerCase()) {
    throw refuse.unauthenticated('The sign-in signature is not by the account the message names.');
  }
  // The nonce is spent only after the signature verified, so a stranger cannot burn someone's pending sign-in.
  const window = deps.nonces.open(fields.nonce, now);
  if (
    window === null ||
    !(await spendSiweNonce(deps.sql, { nonce: fields.nonce, ...window, now: now.toISOString() }))
  ) {
    throw refuse.unauthenticated(
      'The sign-in nonce was not issued here, was already used, or has expired; ask for a new one.',
    );
  }
  const address = fields.address.toLowerCase() as `0x${string}`;
  const name = (await knownNameOf(deps.sql, address)) ?? address;
  return openSession(deps, { address, name });
}

/**
 * Issues an access token and a fresh refresh token for a verified subject. A sign-in opens a new session; a refresh
 * (`sid` given) continues its own.
 */
export async function openSession(
  deps: Pick<SignInDeps, 'sql' | 'ids' | 'session'>,
  subject: { address: `0x${string}`; name: string },
  continuing?: { sid: string },
): Promise<Session> {
  const now = deps.session.clock.now();
  const refreshExpiresAt = new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000).toISOString();
  const sid = continuing?.sid ?? deps.ids.next('sid');
  if (continuing === undefined)
    await putSession(deps.sql, {
      sid,
      subject: subject.address,
      issuedAt: now.toISOString(),
      expiresAt: refreshExpiresAt,
    });
  const access = await issueAccessToken(deps.session, subject, { jti: deps.ids.next('jti'), sid });
  const refresh = newRefreshToken();
  await putRefreshToken(deps.sql, {
    tokenHash: refresh.hash,
    subject: subject.address,
    name: subject.name,
    issuedAt: now.toISOString(),
    expiresAt: refreshExpiresAt,
    sid,
  });
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: Math.round((access.expiresAt.getTime() - now.getTime()) / 1000),
    refresh_token: refresh.token,
    refresh_expires_in: REFRESH_TTL_SECONDS,
    subject,
  };
}
