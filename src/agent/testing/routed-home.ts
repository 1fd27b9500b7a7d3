import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { FixedClock } from '../../harness/testing';
import type { Door, RoomsPort } from '../../harness';
import { askDigest, type AskRequest } from '../../protocol/ask';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../protocol/demo-identities';
import { digestOf } from '../../protocol/digest';
import type { ForwardedCredential } from '../../protocol/forwarded-credential';
import type { RoutedBody } from '../../protocol/routed';
import { signForwardedCredential, smartAgentOf, type EmbeddedWalletChain } from '../../wallet';
import { fixedKeys } from '../accounts';
import { demoAddressOf } from '../demo';
import { createHomeAgent, type HomeAgent } from '../index';
import { openDemoHome, type DemoHomeParts } from './demo-home';

/**
 * Alice's demo Home with routed hops on (Node only): the composition root over the Dexie vault (fake-indexeddb) and
 * the embedded EVM, its rooms the organizations' agents she stewards. `stopAfterNextHop` makes "the worker" stop
 * right after the next routed hop landed in the room; `restart` is a new composition root over the same vault, the
 * chain re-opened from the vault's snapshot. `routedDoor` builds what a router presents at a room's routed door
 * (a body and a forwarded credential), with any part changed, for the refusals.
 */
export type RoutedHome = {
  agent(): HomeAgent;
  parts: DemoHomeParts;
  chain(): EmbeddedWalletChain;
  clock: FixedClock;
  who: { alice: Address; bob: Address; david: Address; missio: Address; thompsonCommunity: Address };
  stopAfterNextHop(): void;
  restart(): Promise<void>;
  ask(message: string): ReturnType<HomeAgent['ask']>;
  routedDoor(
    request: AskRequest,
    over?: { credential?: Partial<ForwardedCredential>; signer?: 'alice' | 'bob' },
  ): Promise<Extract<Door, { kind: 'routed' }>>;
};

export async function routedHome(): Promise<RoutedHome> {
  const clock = new FixedClock();
  const parts = await openDemoHome(clock);
  const keys = fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey });
  const faults = { stopAfterHop: false };
  const wrapRooms = (port: RoomsPort): RoomsPort => ({
    ...port,
    async route(q) {
      const answer = await port.route(q);
      if (faults.stopAfterHop) {
        faults.stopAfterHop = false;
        throw new Error('the worker stopped (simulated) after the routed hop landed');
      }
      return answer;
    },
  });
  let chain = parts.chain;
  const build = () =>
    createHomeAgent({ vault: parts.vault, chain, keys, clock, model: null, routing: true, wrapRooms });
  let agent = build();
  const who = {
    alice: getAddress(await demoAddressOf('alice')),
    bob: getAddress(await demoAddressOf('bob')),
    david: getAddress(await demoAddressOf('david')),
    missio: getAddress(await demoAddressOf('missio-nexus')),
    thompsonCommunity: getAddress(await demoAddressOf('thompson-community')),
  };
  let n = 0;
  return {
    agent: () => agent,
    parts,
    chain: () => chain,
    clock,
    who,
    stopAfterNextHop: () => void (faults.stopAfterHop = true),
    async restart() {
      chain = await parts.reopenChain();
      agent = build();
    },
    ask: (message) => agent.ask({ message, surface: 'sidepanel' }),
    async routedDoor(request, over = {}) {
      const body: RoutedBody = {
        type: 'home-agent/routed-step',
        version: 1,
        router: who.alice,
        asker: who.alice,
        room: who.missio,
        from: { runRef: `run-router-${++n}`, stepRef: 's1' },
        requestDigest: askDigest(request),
        step: {
          stepRef: 's1',
          toolId: 'organization.membership.invite',
          args: { person: 'david', organization: 'Missio Nexus' },
          chosen: {},
        },
      };
      const now = Math.floor(clock.now() / 1000);
      const credential: ForwardedCredential = {
        type: 'home-agent/forwarded-credential',
        version: 1,
        chainId: chain.chainId,
        router: who.alice,
        addressee: who.alice,
        audience: 'home-agent:zone:local',
        receiver: who.missio,
        stepRef: 's1',
        bodyDigest: digestOf(body),
        nonce: `routed-door-${now}-${n}`,
        iat: now,
        exp: now + 120,
        ...over.credential,
      };
      const signer = DEMO_PEOPLE[over.signer ?? 'alice'];
      const router = await smartAgentOf(signer.ownerAddress, signer.salt);
      const signature: Hex = await signForwardedCredential(privateKeyToAccount(signer.privateKey), router, credential);
      return { kind: 'routed', body, credential, signature };
    },
  };
}
