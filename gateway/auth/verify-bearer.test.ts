import { SignJWT, base64url } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../errors';
import { fixedClock } from '../ports';
import { generateSessionKey, type SessionKey } from './session-keys';
import { issueAccessToken } from './tokens';
import { localIssuer, verifyBearer, type BearerPolicy } from './verify-bearer';

const ISS = 'http://127.0.0.1:8787';
const AUD = 'heartcoach';
const ALICE = '0x00000000000000000000000000000000000000a1';
const clock = fixedClock('2026-09-29T11:58:00Z');
let key: SessionKey;
let policy: BearerPolicy;

beforeAll(async () => {
  key = await generateSessionKey();
  policy = { issuers: [localIssuer(ISS, [key.publicJwk])], audiences: [AUD], clock };
});

const signed = (
  claims: { iss?: string; aud?: string; sub?: string; exp?: number },
  signer: SessionKey = key,
  kid = signer.kid,
) => {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ name: 'Alice Okoro' })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer(claims.iss ?? ISS)
    .setAudience(claims.aud ?? AUD)
    .setSubject(claims.sub ?? ALICE)
    .setIssuedAt(now)
    .setExpirationTime(claims.exp ?? now + 3600)
    .sign(signer.privateKey);
};

async function refusal(header: string | undefined): Promise<string> {
  try {
    await verifyBearer(policy, header);
  } catch (error) {
    expect(error).toBeInstanceOf(Refusal);
    expect((error as Refusal).status).toBe(401);
    return (error as Refusal).message;
  }
  throw new Error('the token was accepted');
}

describe('verifyBearer: the one mechanism, 401 otherwise', () => {
  it('accepts a live token from this gateway and yields the subject', async () => {
    const { token } = await issueAccessToken(
      { issuer: ISS, audience: AUD, keys: { signingKey: async () => key }, clock },
      { address: ALICE, name: 'Alice Okoro' },
      { jti: 'jti-1', sid: 'sid-1' },
    );
    await expect(verifyBearer(policy, `Bearer ${token}`)).resolves.toEqual({
      address: ALICE,
      name: 'Alice Okoro',
      token,
      sub: ALICE,
    });
  });

  it('refuses a missing header, another scheme and a non-JWT', async () => {
    expect(await refusal(undefined)).toBe('Sign in first: this call needs a Bearer token.');
    expect(await refusal('Basic YWxpY2U6eA==')).toBe('The Authorization header is not "Bearer" and a JWT.');
    expect(await refusal('Bearer not-a-jwt')).toBe('The Authorization header is not "Bearer" and a JWT.');
  });

  it('refuses an expired token', async () => {
    const token = await signed({ exp: Math.floor(clock.now().getTime() / 1000) - 60 });
    expect(await refusal(`Bearer ${token}`)).toBe('The session has expired; sign in again.');
  });

  it('refuses a wrong audience and an untrusted issuer', async () => {
    expect(await refusal(`Bearer ${await signed({ aud: 'someone-else' })}`)).toBe(
      'The token was issued for another audience, not for HeartCoach.',
    );
    expect(await refusal(`Bearer ${await signed({ iss: 'http://evil.example' })}`)).toBe(
      "The token's issuer (http://evil.example) is not one HeartCoach trusts.",
    );
  });

  it('refuses alg: none', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64url.encode(JSON.stringify({ iss: ISS, aud: AUD, sub: ALICE, iat: 1, exp: 4_000_000_000 }));
    expect(await refusal(`Bearer ${header}.${payload}.`)).toBe(
      'The token is not signed with ES256; it is not accepted.',
    );
  });

  it('refuses HS256 keyed with the public key (algorithm confusion)', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(key.publicJwk));
    const now = Math.floor(clock.now().getTime() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setIssuer(ISS)
      .setAudience(AUD)
      .setSubject(ALICE)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(secret);
    expect(await refusal(`Bearer ${token}`)).toBe('The token is not signed with ES256; it is not accepted.');
  });

  it("refuses an unknown key, and a known kid over another key's signature", async () => {
    const stranger = await generateSessionKey();
    expect(await refusal(`Bearer ${await signed({}, stranger)}`)).toBe(
      'The token is signed with a key its issuer does not publish.',
    );
    expect(await refusal(`Bearer ${await signed({}, stranger, key.kid)}`)).toBe(
      "The token's signature does not verify.",
    );
  });

  it('refuses an oversized token before reading it, and a subject that is not an address', async () => {
    expect(await refusal(`Bearer ${'a'.repeat(5000)}.b.c`)).toBe(
      'The token is larger than 4096 bytes; it was not read.',
    );
    expect(await refusal(`Bearer ${await signed({ sub: 'alice' })}`)).toBe(
      'The token does not name a Smart Agent address.',
    );
  });

  it('with a session check, refuses a token that names no session or a session that ended, and admits a live one', async () => {
    const live = new Set(['sid-live']);
    const checked: BearerPolicy = {
      issuers: [localIssuer(ISS, [key.publicJwk], async (sid, subject) => live.has(sid) && subject === ALICE)],
      audiences: [AUD],
      clock,
    };
    const tokenOf = async (sid: string) =>
      (
        await issueAccessToken(
          { issuer: ISS, audience: AUD, keys: { signingKey: async () => key }, clock },
          { address: ALICE, name: 'Alice Okoro' },
          { jti: 'j', sid },
        )
      ).token;
    const refusedWith = (token: string) =>
      verifyBearer(checked, `Bearer ${token}`).then(
        () => 'accepted',
        (error: Refusal) => error.message,
      );
    expect(await refusedWith(await tokenOf('sid-live'))).toBe('accepted');
    expect(await refusedWith(await signed({}))).toBe('The token names no session; sign in again.');
    live.delete('sid-live');
    expect(await refusedWith(await tokenOf('sid-live'))).toBe(
      'The session was signed out or has ended; sign in again.',
    );
  });

  it('runs the admission hook (the per-subject rate limit) once the subject is known', async () => {
    const admitted: string[] = [];
    const limited: BearerPolicy = {
      ...policy,
      admit: async (subject) => {
        admitted.push(subject.address);
        if (admitted.length > 1) throw new Refusal(429, 'rate_limited', 'Too many.');
      },
    };
    const token = await signed({});
    await verifyBearer(limited, `Bearer ${token}`);
    await expect(verifyBearer(limited, `Bearer ${token}`)).rejects.toMatchObject({ status: 429 });
    expect(admitted).toEqual([ALICE, ALICE]);
  });
});
