import { createRemoteAgents } from '../adapters/remote-agent';
import type { RemoteAgentPort, VaultPort } from '../harness';
import type { PendingRequest } from '../protocol/messages/index';
import type { Keyring } from '../vault/keys/keyring';
import type { Vault } from '../vault/vault';
import type { WalletChain } from '../wallet';
import { keyringKeys } from '../agent/accounts';
import { createHomeAgent, type HomeAgent } from '../agent/index';
import { harnessSettingsOf, modelOf } from './worker-settings';

/**
 * The agent in the background worker (DESIGN §1): built on the Home's one vault, one keyring and one chain (shared
 * with the Home's handlers, so a revocation or a lock there is the agent's too), with the person's model when they
 * set a key (the Anthropic adapter), else none — compiled shapes and the rule-based planner. Built on first use and
 * rebuilt after the vault was replaced or the settings changed. Consent does not survive lock: a lock declines every
 * run still waiting for the person's signature.
 */
export type WorkerAgentHome = { vault: Vault; keyring: Keyring; chain(): Promise<WalletChain> };

export type WorkerAgent = {
  get(): Promise<HomeAgent>;
  /** Forget the built agent (the vault was imported, the settings changed); the next use builds it again. */
  reload(): void;
  /** The runs waiting for the person's signature, as the popup's request list shows them (from this Home's `origin`). */
  signatureRequests(origin: string): Promise<PendingRequest[]>;
};

/**
 * The apps the composition root registers: `agents`, the outside agents the harness may consult (HeartCoach with the
 * person's connection), and `grants`, the cabinet grants they hold.
 */
export type WorkerAgentOptions = {
  agents?: (vault: Vault) => RemoteAgentPort;
  grants?: (vault: Vault) => VaultPort['grants'];
  /** Told once a lock has declined the runs that waited for a signature (the toolbar badge recounts them). */
  onDeclinedOnLock?: () => void;
};

export function createWorkerAgent(home: () => Promise<WorkerAgentHome>, options: WorkerAgentOptions = {}): WorkerAgent {
  let built: Promise<HomeAgent> | undefined;
  let hooked: Keyring | undefined;

  async function build(): Promise<HomeAgent> {
    const h = await home();
    if (hooked !== h.keyring) {
      hooked = h.keyring;
      h.keyring.onLock(() => declineAwaitingSignatures().finally(() => options.onDeclinedOnLock?.()));
    }
    const gateway = await h.vault.settings.get('gateway.url');
    return createHomeAgent({
      vault: h.vault,
      chain: await h.chain(),
      keys: keyringKeys(h.keyring),
      // One clock for the harness and the vault, so a mandate's window means the same to both.
      clock: h.vault.clock,
      model: await modelOf(h.vault),
      settings: await harnessSettingsOf(h.vault),
      // A step of an organization the person stewards goes to that organization's agent (src/agent/rooms.ts).
      routing: true,
      ...(options.grants !== undefined ? { grants: options.grants(h.vault) } : {}),
      // HeartCoach over A2A with the session "Connect my agent" opened; without it, not connected.
      agents:
        options.agents !== undefined
          ? options.agents(h.vault)
          : createRemoteAgents({ agents: { heartcoach: { url: gateway, token: async () => null } } }),
    });
  }

  async function declineAwaitingSignatures(): Promise<void> {
    const agent = await get();
    for (const run of await agent.pending(100)) {
      if (run.waitingFor === 'authority')
        await agent.decline({ runRef: run.runRef, reason: 'your Home was locked before you signed', surface: 'popup' });
    }
  }

  function get(): Promise<HomeAgent> {
    built ??= build();
    built.catch(() => (built = undefined));
    return built;
  }

  async function signatureRequests(origin: string): Promise<PendingRequest[]> {
    const runs = await (await get()).pending(100);
    return runs
      .filter((run) => run.waitingFor === 'authority' || run.waitingFor === 'approval')
      .map((run) => ({
        id: run.runRef,
        kind: run.waitingFor === 'authority' ? 'sign' : 'approve',
        origin,
        summary: `${run.text} (“${run.words.slice(0, 120)}”)`.slice(0, 500),
        createdAt: run.createdAt,
      }));
  }

  return { get, reload: () => void (built = undefined), signatureRequests };
}
