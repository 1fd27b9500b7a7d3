import type { RemoteAgentPort, RemoteAnswer } from '../../harness';
import { accessTokenFor } from './app-session';
import type { ConnectionStore } from './connections';
import type { Vault } from '../../vault/vault';
import { createRemoteAgents } from '../../adapters/remote-agent';

/**
 * HeartCoach as the harness's outside agent: A2A 1.0 `SendMessage` (`A2A-Version: 1.0`) to the gateway the
 * person connected (read when each consultation is sent, so connecting needs no restart), with the agent's own
 * session JWT from its SIWE sign-in, refreshed a minute before it lapses — and once more, with one retry, when the
 * gateway answers 401. The card's digest is the one pinned at connection: a moved card is refused, nothing is sent.
 */
export function heartcoachAgents(deps: {
  vault: Vault;
  store: ConnectionStore;
  fetch?: typeof fetch;
  now?: () => number;
}): RemoteAgentPort {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const now = deps.now ?? (() => Date.now());
  return {
    async send(q): Promise<RemoteAnswer> {
      if (q.agent !== 'heartcoach') return { kind: 'unavailable', reason: `${q.agent} is not connected on this Home` };
      const origin = new URL(await deps.vault.settings.get('gateway.url')).origin;
      const connection = await deps.store.get(origin);
      if (connection === null)
        return {
          kind: 'refused',
          code: 'not_connected',
          message: `your agent is not connected to HeartCoach at ${origin}: use “Connect my agent” on its page.`,
        };
      const client = (force: boolean) =>
        createRemoteAgents({
          fetch: doFetch,
          agents: {
            heartcoach: {
              url: origin,
              cardDigest: connection.cardDigest,
              token: () => accessTokenFor({ fetch: doFetch, now, store: deps.store }, origin, force),
            },
          },
        });
      const first = await client(false).send(q);
      if (first.kind !== 'refused' || first.code !== 'unauthenticated') return first;
      return client(true).send(q);
    },
  };
}
