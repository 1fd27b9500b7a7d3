import type { Hex } from 'viem';
import type { RemoteAgentPort, RemoteAnswer } from '../harness';
import { digestOf } from '../protocol/digest';
import { answerOf, cardEndpoint, readJson, RpcReply, unfinishedOf } from './remote-agent-wire';

/**
 * Outside agents over A2A (seed 001 step 9.4, DESIGN §6): one JSON-RPC `SendMessage` (A2A 1.0) per step, with a
 * text part and, when the step has one, a data part; the person's session JWT as the Bearer; a timeout covering
 * the card and the call (20 s from the harness). The agent card is pinned by digest — configured, or taken on
 * first read and held for this adapter's life — and a card that moved, or whose endpoint leaves the configured
 * origin, is refused: the agent answering must be the one the person connected. Answers are untrusted material:
 * checked by schema and size, and attributed by the harness.
 */
export type RemoteAgentConfig = {
  /** The agent's origin (HeartCoach's gateway, e.g. http://127.0.0.1:8787). */
  url: string;
  /** The card's digest (digestOf the card JSON) the person connected to; absent: pinned on first read. */
  cardDigest?: Hex;
  /** The person's session token for this agent, or null when they have not connected it. */
  token: () => Promise<string | null>;
};

export type RemoteAgentsOptions = {
  agents: Readonly<Record<string, RemoteAgentConfig>>;
  fetch?: typeof fetch;
  newId?: () => string;
};

/** No outside agent configured (the command line without a gateway; tests): every send is unavailable, in words. */
export function unconfiguredAgents(): RemoteAgentPort {
  return { send: async (q) => ({ kind: 'unavailable', reason: `${q.agent} is not connected on this Home` }) };
}

export function createRemoteAgents(options: RemoteAgentsOptions): RemoteAgentPort {
  const doFetch = options.fetch ?? fetch;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const pinned = new Map<string, Hex>();

  async function send(q: Parameters<RemoteAgentPort['send']>[0], signal: AbortSignal): Promise<RemoteAnswer> {
    const config = options.agents[q.agent];
    if (config === undefined) return { kind: 'unavailable', reason: `${q.agent} is not connected on this Home` };
    const origin = new URL(config.url).origin;
    const card = await readJson(await doFetch(`${origin}/.well-known/agent-card.json`, { signal }));
    if (card === null) return { kind: 'unavailable', reason: 'its agent card could not be read' };
    const digest = digestOf(card);
    const expected = config.cardDigest ?? pinned.get(q.agent);
    if (expected !== undefined && expected.toLowerCase() !== digest) {
      return {
        kind: 'refused',
        code: 'card_moved',
        message: 'its agent card is not the one you connected to, so nothing was sent',
      };
    }
    pinned.set(q.agent, expected ?? digest);
    const endpoint = cardEndpoint(card, origin, q.capability);
    if (!endpoint.ok) return { kind: 'refused', code: endpoint.code, message: endpoint.message };
    const token = await config.token();
    if (token === null)
      return { kind: 'refused', code: 'not_connected', message: 'you have not signed in to it from this Home yet' };
    const message = {
      messageId: newId(),
      role: 'ROLE_USER',
      parts: [{ text: q.text }, ...(q.data !== undefined ? [{ data: q.data }] : [])],
      metadata: { skill: q.capability },
    };
    const response = await doFetch(endpoint.url, {
      method: 'POST',
      signal,
      headers: { 'content-type': 'application/json', 'A2A-Version': '1.0', authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: newId(), method: 'SendMessage', params: { message } }),
    });
    if (response.status === 401)
      return {
        kind: 'refused',
        code: 'unauthenticated',
        message: 'it did not accept your session; sign in to it again',
      };
    const reply = RpcReply.safeParse(await readJson(response));
    if (!reply.success)
      return {
        kind: 'unavailable',
        reason: `it answered with something that is not an A2A reply (HTTP ${response.status})`,
      };
    if (reply.data.error !== undefined) {
      const code = reply.data.error.data?.code ?? 'refused';
      return { kind: 'refused', code: code.slice(0, 60), message: reply.data.error.message.slice(0, 500) };
    }
    const unfinished = unfinishedOf(reply.data.result);
    if (unfinished !== null)
      return { kind: 'refused', code: unfinished.code.slice(0, 60), message: unfinished.message.slice(0, 500) };
    const answer = answerOf(reply.data.result);
    if (answer === null) return { kind: 'unavailable', reason: 'its answer carried no words' };
    return {
      kind: 'answer',
      agent: q.agent,
      cardDigest: digest,
      text: answer.text,
      ...(answer.data !== undefined ? { data: answer.data } : {}),
    };
  }

  return {
    async send(q) {
      const signal = AbortSignal.timeout(Math.max(1, q.timeoutMs));
      try {
        return await send(q, signal);
      } catch (error) {
        if (signal.aborted)
          return { kind: 'unavailable', reason: `no answer within ${Math.round(q.timeoutMs / 1000)} s` };
        return {
          kind: 'unavailable',
          reason: error instanceof Error && error.name === 'SizeError' ? error.message : 'it could not be reached',
        };
      }
    },
  };
}
