import { getAddress, type Address, type Hex } from 'viem';
import { AGENT_ACCOUNT_EXTENSION, AgentAccountParams, CardForConnect } from '../../protocol/agent-card';
import { digestOf } from '../../protocol/digest';
import { HomeError } from '../../protocol/errors';

/**
 * An app's agent card as the person's agent reads it before a consent: fetched from the page's own origin
 * (never from a URL the page names), capped in size, its agent account taken from the agent-account extension, and
 * its digest computed over the card as served — the digest the connection pins. A card that names another chain than
 * the person's cannot be granted anything: the delegations would not verify where the person's agent checks them.
 */
export type AppCard = { origin: string; name: string; agent: Address; chainId: number; digest: Hex };

const MAX_CARD_BYTES = 64 * 1024;

export async function readAppCard(fetchFn: typeof fetch, origin: string, expectChainId: number): Promise<AppCard> {
  let response: Response;
  try {
    response = await fetchFn(`${origin}/.well-known/agent-card.json`, {
      signal: AbortSignal.timeout(10_000),
      credentials: 'omit',
      redirect: 'error',
    });
  } catch {
    throw new HomeError(
      'APP_UNREACHABLE',
      `The app at ${origin} could not be reached for its agent card, so nothing was asked of you.`,
    );
  }
  const text = await response.text();
  if (!response.ok || text.length > MAX_CARD_BYTES)
    throw new HomeError(
      'APP_CARD_UNREADABLE',
      `The app at ${origin} serves no agent card Home Agent can read (HTTP ${response.status}).`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw new HomeError('APP_CARD_UNREADABLE', `The agent card at ${origin} is not JSON.`);
  }
  const card = CardForConnect.safeParse(json);
  if (!card.success)
    throw new HomeError('APP_CARD_UNREADABLE', `The agent card at ${origin} does not say who the app is.`);
  const extension = card.data.capabilities.extensions?.find((e) => e.uri === AGENT_ACCOUNT_EXTENSION);
  const account = AgentAccountParams.safeParse(extension?.params);
  if (!account.success)
    throw new HomeError(
      'APP_HAS_NO_AGENT',
      `${card.data.name} at ${origin} names no agent account on its card, so there is no one to grant anything to.`,
    );
  if (account.data.chainId !== expectChainId) {
    throw new HomeError(
      'APP_OTHER_CHAIN',
      `${card.data.name}'s agent is on chain ${account.data.chainId}; your Home is on chain ${expectChainId}, where its grants could not be checked.`,
    );
  }
  return {
    origin,
    name: card.data.name.slice(0, 120),
    agent: getAddress(account.data.address),
    chainId: account.data.chainId,
    digest: digestOf(json),
  };
}
