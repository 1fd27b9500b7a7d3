import type { Hex } from 'viem';
import type { CabinetFolderName } from '../../protocol/delegation';
import { HomeError } from '../../protocol/errors';
import type { AppConnectionView } from '../../protocol/messages/heartcoach';
import type { HomeConnectReply } from '../../protocol/page-provider-app';
import { createSignIn, delegationHashOf, grantScope, signScopedDelegation } from '../../wallet';
import { liveGrants, personOf, revokeGrant, type AppParts, type Person } from './app-parts';
import type { AppCard } from './app-card';
import { signInToApp } from './app-session';

/**
 * Connecting an app (DESIGN §10 HeartCoach), after the person approved in their consent window:
 *  - the page's sign-in: a SIWE message for the page's own origin with the nonce the app issued, signed by the
 *    person's Smart Agent (the page exchanges it for its own session);
 *  - when the page asked to connect the agent: the agent's own session with the app (its own SIWE sign-in), a cabinet
 *    grant to the card's agent for exactly the folders the person ticked (earlier grants to that origin revoked on
 *    chain), the card's digest pinned, and the app's origin as the HeartCoach gateway the agent consults.
 */
export const GRANT_DAYS = 90;

/** What may be granted: the folders the person ticked, among those the app asked for — narrowed, never widened. */
export function grantable(
  requested: readonly CabinetFolderName[],
  ticked: readonly CabinetFolderName[],
): CabinetFolderName[] {
  return [...new Set(ticked.filter((f) => requested.includes(f)))].sort();
}

export async function connectApp(
  parts: AppParts,
  input: { card: AppCard; nonce: string; connectAgent: boolean; folders: CabinetFolderName[] },
): Promise<HomeConnectReply> {
  const person = await personOf(parts);
  const chain = await parts.chain();
  const { card } = input;
  const now = new Date(parts.now());
  const proof = await createSignIn({
    owner: person.owner,
    agent: person.agent,
    chainId: chain.chainId,
    domain: new URL(card.origin).host,
    uri: card.origin,
    nonce: input.nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 10 * 60_000),
    statement: `Sign in to ${card.name} with Home Agent.`,
  });
  if (!input.connectAgent)
    return { address: person.address, message: proof.message, signature: proof.signature as Hex, connected: null };
  const grantHash = await connectAgent(parts, person, card, input.folders);
  return {
    address: person.address,
    message: proof.message,
    signature: proof.signature as Hex,
    connected: { folders: [...input.folders].sort(), grantHash },
  };
}

/** Connecting from the options page: the agent's own session, the grant, the pinned card — no page to sign in. */
export async function connectFromHome(
  parts: AppParts,
  input: { card: AppCard; folders: CabinetFolderName[] },
): Promise<AppConnectionView> {
  await connectAgent(parts, await personOf(parts), input.card, input.folders);
  return (await appViews(parts)).find((a) => a.origin === input.card.origin)!;
}

async function connectAgent(
  parts: AppParts,
  person: Person,
  card: AppCard,
  folders: CabinetFolderName[],
): Promise<Hex | null> {
  const chain = await parts.chain();
  const session = await signInToApp(parts, {
    origin: card.origin,
    owner: person.owner,
    agent: person.agent,
    chainId: chain.chainId,
    name: card.name,
  });
  const grantHash = await regrant(parts, person, card, folders);
  await parts.store.put({
    origin: card.origin,
    name: card.name,
    agent: card.agent,
    cardDigest: card.digest,
    connectedAt: parts.now(),
    session,
  });
  // HeartCoach's consultations go to the app the person connected (the A2A client reads this origin when it sends).
  await parts.vault.settings.set('gateway.url', card.origin);
  return grantHash;
}

/** A new grant for exactly `folders` (none: no grant), every earlier live grant to the origin revoked on chain. */
async function regrant(
  parts: AppParts,
  person: Person,
  card: Pick<AppCard, 'origin' | 'agent'>,
  folders: CabinetFolderName[],
): Promise<Hex | null> {
  const earlier = await liveGrants(parts, person.address, card.origin);
  let hash: Hex | null = null;
  if (folders.length > 0) {
    const chain = await parts.chain();
    const seconds = Math.floor(parts.now() / 1000);
    const window = { validAfter: seconds - 60, validBefore: seconds + GRANT_DAYS * 86_400 };
    const grant = await signScopedDelegation(chain, {
      owner: person.owner,
      agent: person.agent,
      delegate: card.agent,
      scope: grantScope({ chainId: chain.chainId, origin: card.origin, folders, window }),
    });
    hash = delegationHashOf(grant.delegation);
    await parts.vault.wires.record({
      kind: 'cabinet-grant',
      folders: [...grant.scope.folders],
      hash,
      direction: 'given',
      delegator: person.address,
      delegate: card.agent,
      origin: card.origin,
      notBefore: window.validAfter * 1000,
      expiresAt: window.validBefore * 1000,
      delegation: grant as never,
    });
  }
  for (const row of earlier) if (row.hash !== hash) await revokeGrant(parts, person, row);
  return hash;
}

/** Withdraw (or add) folders from the options page: a new grant for exactly these, the old one revoked on chain. */
export async function changeFolders(
  parts: AppParts,
  origin: string,
  folders: CabinetFolderName[],
): Promise<AppConnectionView> {
  const connection = await parts.store.get(origin);
  if (connection === null) throw new HomeError('NOT_CONNECTED', `No app at ${origin} is connected to your agent.`);
  const person = await personOf(parts);
  await regrant(parts, person, connection, folders);
  return (await appViews(parts)).find((a) => a.origin === origin)!;
}

/** Disconnect: the grant revoked on chain, the agent's session ended at the app, the connection forgotten. */
export async function disconnectApp(parts: AppParts, origin: string): Promise<{ origin: string; revoked: boolean }> {
  const connection = await parts.store.get(origin);
  if (connection === null) throw new HomeError('NOT_CONNECTED', `No app at ${origin} is connected to your agent.`);
  const person = await personOf(parts);
  const grants = await liveGrants(parts, person.address, origin);
  for (const row of grants) await revokeGrant(parts, person, row);
  if (connection.session !== null) {
    await parts
      .fetch(`${origin}/auth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: connection.session.refreshToken, token_type_hint: 'refresh_token' }),
        credentials: 'omit',
      })
      .catch(() => undefined);
  }
  await parts.store.delete(origin);
  return { origin, revoked: grants.length > 0 };
}

/** The connections as the options page lists them, each with its live grant. */
export async function appViews(parts: AppParts): Promise<AppConnectionView[]> {
  const person = (await parts.vault.agents.list('person')).rows[0];
  const views: AppConnectionView[] = [];
  for (const c of (await parts.store.list()).slice(0, 20)) {
    const grant = person === undefined ? undefined : (await liveGrants(parts, person.address as Hex, c.origin))[0];
    views.push({
      origin: c.origin,
      agent: { name: c.name, address: c.agent, cardDigest: c.cardDigest, chainId: (await parts.chain()).chainId },
      connectedAt: c.connectedAt,
      session:
        c.session === null
          ? null
          : {
              subject: c.session.subject,
              accessExpiresAt: c.session.accessExpiresAt,
              refreshExpiresAt: c.session.refreshExpiresAt,
            },
      grant:
        grant === undefined
          ? null
          : { hash: grant.hash as Hex, folders: [...grant.folders], expiresAt: grant.expiresAt },
    });
  }
  return views;
}
