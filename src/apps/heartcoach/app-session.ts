import { getAddress, type LocalAccount } from 'viem';
import { z } from 'zod';
import { HomeError } from '../../protocol/errors';
import { createSignIn, type SmartAgent } from '../../wallet';
import type { AppConnection, AppSession, ConnectionStore } from './connections';

/**
 * The person's agent's own session with an app (DESIGN §10): a SIWE message for the app's origin signed by the
 * person's Smart Agent (ERC-6492-wrapped, so the app verifies it on its own chain), exchanged at `/auth/siwe` for an
 * access JWT and a refresh token; refreshed at `/auth/refresh` a minute before it lapses, or when the app says 401.
 */
/** The app's token response, in RFC 6749's names (§5.1), with the refresh token's life and the subject beside them. */
const Issued = z.object({
  access_token: z.string().min(1).max(4096),
  token_type: z.string().regex(/^bearer$/i, 'a Bearer token'),
  refresh_token: z.string().min(1).max(512),
  expires_in: z.number().int().positive(),
  refresh_expires_in: z.number().int().positive(),
  subject: z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/) }),
});

export type SessionParts = { fetch: typeof fetch; now: () => number };

async function postJson(parts: SessionParts, url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  try {
    const res = await parts.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  } catch {
    throw new HomeError('APP_UNREACHABLE', `${new URL(url).origin} could not be reached.`);
  }
}

const sessionOf = (parts: SessionParts, issued: z.infer<typeof Issued>): AppSession => ({
  accessToken: issued.access_token,
  accessExpiresAt: parts.now() + issued.expires_in * 1000,
  refreshToken: issued.refresh_token,
  refreshExpiresAt: parts.now() + issued.refresh_expires_in * 1000,
  subject: getAddress(issued.subject.address),
});

/** The app's refusal in words: a problem document's `detail` (RFC 9457). */
const refusalOf = (json: unknown): string => {
  const message = (json as { detail?: unknown } | null)?.detail;
  return typeof message === 'string' ? message.slice(0, 300) : 'it gave no reason';
};

/** Signs the agent in to the app at `origin` with a nonce the app issues. */
export async function signInToApp(
  parts: SessionParts,
  input: { origin: string; owner: LocalAccount; agent: SmartAgent; chainId: number; name: string },
): Promise<AppSession> {
  let nonce: string;
  try {
    const res = await parts.fetch(`${input.origin}/auth/nonce`, {
      credentials: 'omit',
      signal: AbortSignal.timeout(15_000),
    });
    nonce = z.object({ nonce: z.string().regex(/^[A-Za-z0-9]{8,64}$/) }).parse(await res.json()).nonce;
  } catch {
    throw new HomeError(
      'APP_UNREACHABLE',
      `${input.name} at ${input.origin} gave no sign-in nonce, so your agent could not sign in.`,
    );
  }
  const now = new Date(parts.now());
  const proof = await createSignIn({
    owner: input.owner,
    agent: input.agent,
    chainId: input.chainId,
    domain: new URL(input.origin).host,
    uri: input.origin,
    nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 10 * 60_000),
    statement: `Your Home Agent signs in to ${input.name}.`,
  });
  const { status, json } = await postJson(parts, `${input.origin}/auth/siwe`, proof);
  const issued = Issued.safeParse(json);
  if (status !== 200 || !issued.success)
    throw new HomeError('APP_SIGN_IN_REFUSED', `${input.name} refused your agent's sign-in: ${refusalOf(json)}`);
  if (issued.data.subject.address.toLowerCase() !== input.agent.address.toLowerCase()) {
    throw new HomeError('APP_SIGN_IN_REFUSED', `${input.name} signed in someone else than your Smart Agent.`);
  }
  return sessionOf(parts, issued.data);
}

/**
 * A live access token for the connection, refreshing it when it lapses within a minute (or `force`); null when the
 * app is not connected, the refresh token has lapsed, or the app refused to refresh (then the person reconnects).
 */
export async function accessTokenFor(
  parts: SessionParts & { store: ConnectionStore },
  origin: string,
  force = false,
): Promise<string | null> {
  const connection: AppConnection | null = await parts.store.get(origin);
  const session = connection?.session ?? null;
  if (connection === null || session === null) return null;
  if (!force && session.accessExpiresAt - 60_000 > parts.now()) return session.accessToken;
  if (session.refreshExpiresAt <= parts.now()) return null;
  const { status, json } = await postJson(parts, `${origin}/auth/refresh`, {
    grant_type: 'refresh_token',
    refresh_token: session.refreshToken,
  }).catch(() => ({ status: 0, json: null }));
  const issued = Issued.safeParse(json);
  if (status !== 200 || !issued.success) {
    // Refused (revoked, expired): the session is gone and the person reconnects. Unreachable: keep it for later.
    if (status === 401) await parts.store.put({ ...connection, session: null });
    return null;
  }
  await parts.store.put({ ...connection, session: sessionOf(parts, issued.data) });
  return issued.data.access_token;
}
