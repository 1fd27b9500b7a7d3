import { isAddressEqual, type Address } from 'viem';
import type { ClockPort, Harness, OntologyView, RoomsPort, VaultPort } from '../harness';
import { digestOf } from '../protocol/digest';
import type { ForwardedCredential } from '../protocol/forwarded-credential';
import type { Vault } from '../vault/vault';
import { signForwardedCredential, type WalletChain } from '../wallet';
import { accountOf, heldAgent, type KeySource } from './accounts';

/**
 * The rooms of this Home (seed 001 steps 0.3 and 8.1): the organizations' agents the person stewards, each with its
 * own playbook, judging a step routed to it under that playbook and its own authority. A room runs the organization's
 * own harness over the same vault and chain (`room`: built by the composition root, with no rooms of its own, so a
 * routed step is never routed again). A hop is signed here, as the router: a forwarded credential over the body,
 * from the person's Smart Agent with the unlocked owner key, for the room as its receiver and this Home's zone as its
 * audience, good for two minutes — and the room's routed door verifies it before anything runs.
 */
export type RoomsParts = {
  vault: Vault;
  port: Pick<VaultPort, 'agents' | 'playbooks'>;
  chain: WalletChain;
  keys: KeySource;
  clock: ClockPort;
  ontology: OntologyView;
  zone: string;
  room: () => Harness;
};

const LIFETIME_SECONDS = 120;

export function stewardedRooms(parts: RoomsParts): RoomsPort {
  return {
    async roomFor({ asker, subject, capability }) {
      const agent = await parts.port.agents.get(subject);
      if (agent === null || agent.kind !== 'organization') return null;
      if (!agent.stewards.some((s) => isAddressEqual(s, asker))) return null;
      // A room only for a step its own playbook has: an organization without one keeps the step here.
      const pin = await parts.port.playbooks.get(subject);
      const archetype = pin === null ? undefined : parts.ontology.archetypes[pin.archetypeId];
      if (archetype === undefined || !archetype.capabilityIds.includes(capability)) return null;
      return { address: agent.address, name: agent.name };
    },

    async route({ room, request, body }) {
      const owner = await accountOf(parts.keys, 'owner');
      if (owner === null)
        return {
          kind: 'refused',
          code: 'LOCKED',
          message: 'Your vault is locked; unlock it with your passphrase first.',
        };
      const router = await heldAgent(parts.vault, body.router as Address);
      const now = Math.floor(parts.clock.now() / 1000);
      const credential: ForwardedCredential = {
        type: 'home-agent/forwarded-credential',
        version: 1,
        chainId: parts.chain.chainId,
        router: router.address,
        addressee: body.asker,
        audience: parts.zone,
        receiver: room.address,
        stepRef: body.from.stepRef,
        bodyDigest: digestOf(body),
        nonce: `routed-${crypto.randomUUID()}`,
        iat: now,
        exp: now + LIFETIME_SECONDS,
      };
      const signature = await signForwardedCredential(owner, router, credential);
      const answered = await parts.room().ask(request, { kind: 'routed', body, credential, signature });
      if (!answered.ok) return { kind: 'refused', code: answered.error.code, message: answered.error.message };
      return { kind: 'reply', runRef: answered.data.runRef, reply: answered.data.reply };
    },
  };
}
