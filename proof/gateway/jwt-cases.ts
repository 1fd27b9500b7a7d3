import { base64url, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { generateSessionKey } from '../../gateway/auth/session-keys';
import type { TestGateway } from '../../gateway/testing/test-gateway';

/**
 * Bearer tokens an attacker would try against the gateway: no token, `alg: none`, HS256 keyed with the
 * gateway's own public key (the classic algorithm confusion), expired, wrong audience, wrong issuer, a key the issuer
 * does not publish, the real kid with a foreign key, a key embedded in the header (`jwk`), a signature lifted onto
 * an edited payload, a token from the future, oversized, and headers that are not a bearer JWT at all. Each must be
 * HTTP 401 `unauthenticated`, in words, before any model runs.
 */
export type JwtCase = { id: string; title: string; header: (gw: TestGateway, good: string) => Promise<string | null> };

const enc = (o: object) => base64url.encode(JSON.stringify(o));
const seconds = (gw: TestGateway) => Math.floor(gw.clock.now().getTime() / 1000);

/** A token exactly like the gateway's own but for what `change` says. */
async function forged(
  gw: TestGateway,
  change: { aud?: string; iss?: string; iat?: number; exp?: number; nbf?: number; key?: CryptoKey; kid?: string } = {},
): Promise<string> {
  const now = seconds(gw);
  const jwt = new SignJWT({ name: 'Alice Okoro' })
    .setProtectedHeader({ alg: 'ES256', kid: change.kid ?? gw.sessionKey.kid })
    .setIssuer(change.iss ?? gw.url)
    .setAudience(change.aud ?? 'heartcoach')
    .setSubject(gw.demo.addressOf('alice'))
    .setIssuedAt(change.iat ?? now - 60)
    .setExpirationTime(change.exp ?? now + 600);
  if (change.nbf !== undefined) jwt.setNotBefore(change.nbf);
  return jwt.sign(change.key ?? gw.sessionKey.privateKey);
}

const bearer = (token: string) => `Bearer ${token}`;

export const JWT_CASES: JwtCase[] = [
  { id: 'none', title: 'no Authorization header', header: async () => null },
  {
    id: 'alg-none',
    title: '`alg: none`, no signature',
    header: async (gw) =>
      bearer(
        `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ iss: gw.url, aud: 'heartcoach', sub: gw.demo.addressOf('alice'), iat: seconds(gw), exp: seconds(gw) + 600 })}.`,
      ),
  },
  {
    id: 'hs256-public-key',
    title: "HS256 keyed with the gateway's published public key",
    header: async (gw) => {
      const secret = new TextEncoder().encode(JSON.stringify(gw.sessionKey.publicJwk));
      const now = seconds(gw);
      return bearer(
        await new SignJWT({ name: 'Alice Okoro' })
          .setProtectedHeader({ alg: 'HS256', kid: gw.sessionKey.kid })
          .setIssuer(gw.url)
          .setAudience('heartcoach')
          .setSubject(gw.demo.addressOf('alice'))
          .setIssuedAt(now - 60)
          .setExpirationTime(now + 600)
          .sign(secret),
      );
    },
  },
  {
    id: 'expired',
    title: 'expired an hour ago',
    header: async (gw) => bearer(await forged(gw, { iat: seconds(gw) - 7200, exp: seconds(gw) - 3600 })),
  },
  {
    id: 'future',
    title: 'not valid until tomorrow (nbf)',
    header: async (gw) => bearer(await forged(gw, { nbf: seconds(gw) + 86_400 })),
  },
  {
    id: 'audience',
    title: 'issued for another audience',
    header: async (gw) => bearer(await forged(gw, { aud: 'another-app' })),
  },
  {
    id: 'issuer',
    title: 'from an issuer HeartCoach does not trust',
    header: async (gw) => bearer(await forged(gw, { iss: 'http://127.0.0.1:1' })),
  },
  {
    id: 'unknown-kid',
    title: 'signed by a key the issuer does not publish',
    header: async (gw) =>
      bearer(await forged(gw, { key: (await generateSessionKey()).privateKey, kid: 'not-a-published-kid' })),
  },
  {
    id: 'kid-confusion',
    title: 'the published kid, signed with a foreign key',
    header: async (gw) => bearer(await forged(gw, { key: (await generateSessionKey()).privateKey })),
  },
  {
    id: 'embedded-jwk',
    title: 'a key embedded in the header (`jwk`) that signed the token',
    header: async (gw) => {
      const { privateKey, publicKey } = await generateKeyPair('ES256');
      const now = seconds(gw);
      return bearer(
        await new SignJWT({ name: 'Alice Okoro' })
          .setProtectedHeader({ alg: 'ES256', jwk: await exportJWK(publicKey) })
          .setIssuer(gw.url)
          .setAudience('heartcoach')
          .setSubject(gw.demo.addressOf('alice'))
          .setIssuedAt(now - 60)
          .setExpirationTime(now + 600)
          .sign(privateKey),
      );
    },
  },
  {
    id: 'lifted-signature',
    title: "a real token's signature on a payload naming Bob",
    header: async (gw, good) => {
      const [head, body, signature] = good.split('.') as [string, string, string];
      const claims = JSON.parse(new TextDecoder().decode(base64url.decode(body))) as Record<string, unknown>;
      return bearer(`${head}.${enc({ ...claims, sub: gw.demo.addressOf('bob'), name: 'Bob Mensah' })}.${signature}`);
    },
  },
  { id: 'oversized', title: 'larger than 4096 bytes', header: async () => bearer(`${'x'.repeat(5000)}.y.z`) },
  { id: 'not-bearer', title: 'Basic credentials, not a bearer JWT', header: async () => 'Basic YWxpY2U6cGFzc3dvcmQ=' },
  { id: 'not-a-jwt', title: 'a bearer that is not a JWT', header: async () => 'Bearer not-a-token' },
  { id: 'garbage-jwt', title: 'three segments of garbage', header: async () => 'Bearer aaaa.bbbb.cccc' },
];
