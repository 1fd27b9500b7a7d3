import type { Address } from 'viem';
import { createAuthorityPort } from '../adapters/authority/authority-port';
import { createChainPort } from '../adapters/chain/chain-port';
import { unconfiguredAgents } from '../adapters/remote-agent';
import { randomIds, recordedEffects, ringTrace } from '../adapters/system';
import { createVaultPort, vaultOwner } from '../adapters/vault/vault-port';
import {
  createHarness,
  type Harness,
  type ModelPort,
  GENERATED_ONTOLOGY,
  type OntologyView,
  type ChainPort,
  type ClockPort,
  type EffectSinkPort,
  type IdPort,
  type Ports,
  type RemoteAgentPort,
  type TracePort,
  type VaultPort,
  type HarnessSettings,
  type SpecialistExecutor,
  type RoomsPort,
  DEFAULT_SETTINGS,
} from '../harness';
import { heartCoachExecutor } from '../apps/heartcoach/harness';
import { HomeError } from '../protocol/errors';
import type { Vault } from '../vault/vault';
import type { WalletChain } from '../wallet';
import { accountOf, harnessAgentOf, type KeySource } from './accounts';
import { stewardedRooms } from './rooms';

/**
 * The composition root shared by the background worker and the command-line door (STYLE: entry points wire,
 * modules work): the harness's ports built from a vault, the wallet's chain, the unlocked keys, the person's
 * settings and an optional model adapter (null: compiled shapes and the rule-based planner only).
 */
export type HomeAgentParts = {
  vault: Vault;
  chain: WalletChain;
  keys: KeySource;
  model?: ModelPort | null;
  agents?: RemoteAgentPort;
  /** The cabinet grants the outside agents hold (the apps the composition root registers); unset, none. */
  grants?: VaultPort['grants'];
  clock?: ClockPort;
  ids?: IdPort;
  trace?: TracePort;
  effects?: EffectSinkPort;
  settings?: Partial<HarnessSettings>;
  ontology?: OntologyView;
  /** Each agent's ask budget; unset, the person's `budget.asksPerDay` (src/adapters/vault/vault-port.ts). */
  budget?: { allowance: number; windowMs: number };
  /** Wraps the chain port: a test stops "the worker" right after a redeem lands. */
  wrapChain?: (port: ChainPort) => ChainPort;
  /** Specialists a step may be handed to under a child mandate (src/apps/specialists); unset, none. */
  specialists?: readonly SpecialistExecutor[];
  /** Routes a step to the organization's agent the person stewards (src/agent/rooms.ts); unset, every step runs here. */
  routing?: boolean;
  /** Wraps the rooms port: a test stops "the worker" right after a routed hop lands. */
  wrapRooms?: (port: RoomsPort) => RoomsPort;
};

export type HomeAgentCore = {
  readonly parts: HomeAgentParts;
  readonly ports: Ports;
  readonly harness: Harness;
  readonly clock: ClockPort;
  /** The person this Home belongs to (the vault's person agent). */
  owner(): Promise<Address>;
};

export function createHomeAgentCore(parts: HomeAgentParts): HomeAgentCore {
  const { vault, chain } = parts;
  // The vault's clock unless told otherwise: a mandate's window must mean the same to the harness and the vault.
  const clock = parts.clock ?? vault.clock;
  const chainPort = createChainPort({ vault, chain, redeemer: () => accountOf(parts.keys, 'harness') });
  const ports: Ports = {
    model: parts.model ?? null,
    vault: createVaultPort({
      vault,
      ...(parts.budget !== undefined ? { budget: parts.budget } : {}),
      ...(parts.grants !== undefined ? { grants: parts.grants } : {}),
    }),
    authority: createAuthorityPort({
      vault,
      chain,
      harnessAgent: () => harnessAgentOf(vault),
      harnessKey: () => accountOf(parts.keys, 'harness'),
    }),
    chain: parts.wrapChain === undefined ? chainPort : parts.wrapChain(chainPort),
    agents: parts.agents ?? unconfiguredAgents(),
    effects: parts.effects ?? recordedEffects(),
    clock,
    ids: parts.ids ?? randomIds,
    trace: parts.trace ?? ringTrace(),
  };
  const ontology = parts.ontology ?? GENERATED_ONTOLOGY;
  const options = {
    ontology,
    ...(parts.settings !== undefined ? { settings: parts.settings } : {}),
    outsideAgents: [heartCoachExecutor],
    ...(parts.specialists !== undefined ? { specialists: parts.specialists } : {}),
  };
  // The rooms' own harness: the same ports, no rooms of its own (a routed step is never routed on).
  const stewarded =
    parts.routing === true
      ? stewardedRooms({
          vault,
          port: ports.vault,
          chain,
          keys: parts.keys,
          clock,
          ontology,
          zone: parts.settings?.zone ?? DEFAULT_SETTINGS.zone,
          room: () => room,
        })
      : undefined;
  const rooms = stewarded === undefined || parts.wrapRooms === undefined ? stewarded : parts.wrapRooms(stewarded);
  const room = createHarness(ports, options);
  const harness = rooms === undefined ? room : createHarness(ports, { ...options, rooms });
  return {
    parts,
    ports,
    harness,
    clock,
    async owner() {
      const owner = await vaultOwner(vault);
      if (owner === null)
        throw new HomeError(
          'NO_OWNER',
          'This Home holds no person yet: load the demo profile, or create or import your key, first.',
        );
      return owner;
    },
  };
}
