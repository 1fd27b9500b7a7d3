import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  errors,
  jwtVerify,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { Refusal, refuse } from '../errors';
import type { Clock } from '../ports';

/** Who is asking (seed 000 step 0): the Smart Agent address is the identity; the name is a facet. */
export type Subject = { address: `0x${string}`; name: string; token: string; sub: string };

/** `liveSession`, for this gateway's own tokens: the token must name a session (`sid`) that is live in the database. */
export type TrustedIssuer = {
  issuer: string;
  keys: JWTVerifyGetKey;
  liveSession?: (sid: string, subject: string) => Promise<boolean>;
};
/** `admit` runs once the subject is known (the per-subject rate limit); it throws a Refusal to refuse. */
export type BearerPolicy = {
  issuers: readonly TrustedIssuer[];
  audiences: readonly string[];
  clock: Clock;
  admit?: (subject: Subject) => Promise<void>;
};

/** A session JWT is a few hundred bytes; anything past this is refused before it is parsed. */
export const MAX_TOKEN_BYTES = 4096;
// The signature may be empty here so that an unsecured (`alg: none`) token is refused by the algorithm rule, in words.
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * This gateway's own issuer, verified against its own key ring (or fixed keys, in a unit test) without a network
 * round trip; with `liveSession`, a token of a revoked session is refused.
 */
export const localIssuer = (
  issuer: string,
  keys: JWK[] | JWTVerifyGetKey,
  liveSession?: TrustedIssuer['liveSession'],
): TrustedIssuer => ({
  issuer,
  keys: Array.isArray(keys) ? createLocalJWKSet({ keys }) : keys,
  ...(liveSession === undefined ? {} : { liveSession }),
});

/** Another trusted issuer, whose keys are fetched from its /.well-known/jwks.json (and cached by jose). */
export const remoteIssuer = (issuer: string): TrustedIssuer => ({
  issuer,
  keys: createRemoteJWKSet(new URL('/.well-known/jwks.json', issuer)),
});

/**
 * Verifies `Authorization: Bearer <jwt>` — the one mechanism (seed 000 step 0). ES256 only (so `alg: none` and
 * HS256-keyed-with-the-public-key are refused by the algorithm list, before any key is used), the issuer must be
 * trusted and its published key must match the `kid`, the audience must be ours, and the token must be live now.
 * Every failure is a 401 in words.
 */
export async function verifyBearer(policy: BearerPolicy, authorization: string | undefined): Promise<Subject> {
  if (authorization === undefined || authorization === '')
    throw refuse.unauthenticated('Sign in first: this call needs a Bearer token.');
  if (authorization.length > MAX_TOKEN_BYTES + 7) {
    throw refuse.unauthenticated(`The token is larger than ${MAX_TOKEN_BYTES} bytes; it was not read.`);
  }
  const token = /^Bearer (.+)$/.exec(authorization)?.[1];
  if (token === undefined || !JWT_SHAPE.test(token))
    throw refuse.unauthenticated('The Authorization header is not "Bearer" and a JWT.');
  let issuer: unknown;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    throw refuse.unauthenticated('The token is not a readable JWT.');
  }
  const trusted = policy.issuers.find((candidate) => candidate.issuer === issuer);
  if (trusted === undefined)
    throw refuse.unauthenticated(`The token's issuer (${String(issuer)}) is not one HeartCoach trusts.`);
  let subject: Subject;
  let sid: unknown;
  try {
    const { payload } = await jwtVerify(token, trusted.keys, {
      issuer: trusted.issuer,
      audience: [...policy.audiences],
      algorithms: ['ES256'],
      currentDate: policy.clock.now(),
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 5,
    });
    const sub = payload.sub!;
    if (!/^0x[0-9a-fA-F]{40}$/.test(sub))
      throw refuse.unauthenticated('The token does not name a Smart Agent address.');
    const name = typeof payload.name === 'string' && payload.name.length > 0 ? payload.name.slice(0, 120) : sub;
    subject = { address: sub.toLowerCase() as `0x${string}`, name, token, sub };
    sid = payload.sid;
  } catch (error) {
    throw bearerRefusal(error);
  }
  if (trusted.liveSession !== undefined) {
    if (typeof sid !== 'string' || sid.length === 0 || sid.length > 100)
      throw refuse.unauthenticated('The token names no session; sign in again.');
    if (!(await trusted.liveSession(sid, subject.address)))
      throw refuse.unauthenticated('The session was signed out or has ended; sign in again.');
  }
  if (policy.admit !== undefined) await policy.admit(subject);
  return subject;
}

function bearerRefusal(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  if (error instanceof errors.JWTExpired) return refuse.unauthenticated('The session has expired; sign in again.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud')
      return refuse.unauthenticated('The token was issued for another audience, not for HeartCoach.');
    if (error.claim === 'nbf' || error.claim === 'iat')
      return refuse.unauthenticated('The token is not valid yet; check the clock and sign in again.');
    return refuse.unauthenticated(`The token's "${error.claim}" claim is not accepted here.`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return refuse.unauthenticated('The token is not signed with ES256; it is not accepted.');
  if (error instanceof errors.JWKSNoMatchingKey)
    return refuse.unauthenticated('The token is signed with a key its issuer does not publish.');
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return refuse.unauthenticated("The token's signature does not verify.");
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JOSEError) {
    return refuse.unauthenticated(`The token could not be verified (${error.code}).`);
  }
  return refuse.unauthenticated('The token could not be verified.');
}
