import { getAddress, type Hex } from 'viem';
import { cabinetGrantsPort } from '../../src/apps/heartcoach/cabinet-grants';
import { privateKeyToAccount } from 'viem/accounts';
import { fixedKeys } from '../../src/agent/accounts';
import { demoAddressOf } from '../../src/agent/demo';
import { createHomeAgent } from '../../src/agent/index';
import { openDemoHome } from '../../src/agent/testing/demo-home';
import { FixedClock, type Who } from '../../src/harness/testing';
import { askDigest, type CallerAssertion } from '../../src/protocol/ask';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../src/protocol/demo-identities';
import { signCallerAssertion } from '../../src/wallet';
import { askBody, CANARY, cabinetCanaries, recordingHarness, type InjectionWorld, type WorldOptions } from './world';

/**
 * The injection world over the real parts (DESIGN §4, §5): the composition root the worker uses, on the Dexie vault
 * (fake-indexeddb) with Alice's demo data and on the embedded EVM with the MetaMask Delegation Framework restored
 * from the demo snapshot; the same canaries, the same scripted HeartCoach, every effect recorded at the ports.
 */
let counter = 0;

export async function realInjectionWorld(options: WorldOptions): Promise<InjectionWorld> {
  const clock = new FixedClock();
  const parts = await openDemoHome(clock, { name: `proof-injection-${++counter}` });
  const agent = createHomeAgent({
    ...cabinetGrantsPort(parts.vault),
    vault: parts.vault,
    chain: parts.chain,
    keys: fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey }),
    model: options.model,
    clock,
    settings: options.settings,
  });
  const address = async (id: Parameters<typeof demoAddressOf>[0]) => getAddress(await demoAddressOf(id));
  const who: Who = {
    alice: await address('alice'),
    bob: await address('bob'),
    carol: await address('carol'),
    david: await address('david'),
    dave: await address('dave'),
    nathan: await address('nathan'),
    priya: await address('priya'),
    missio: await address('missio-nexus'),
    thompsonCommunity: await address('thompson-community'),
    thompsonFamily: await address('thompson-family'),
    harnessAgent: DEMO_SERVICES['harness-agent'].address,
    heartcoach: DEMO_SERVICES.heartcoach.address,
  };
  const grace = await address('caregiver');
  await parts.vault.records.put({
    id: `contact:${who.alice.toLowerCase()}:${grace.toLowerCase()}`,
    type: 'contact',
    owner: who.alice,
    data: { label: CANARY.contact, aliases: ['grace'], address: grace },
  });
  await parts.vault.records.put({
    id: 'memory:canary',
    type: 'memory',
    owner: who.alice,
    data: { text: `Gate code for the lake lodge: ${CANARY.memory}`, tags: ['retreat'] },
  });

  for (const record of cabinetCanaries(who.alice))
    await parts.vault.records.put(record as Parameters<typeof parts.vault.records.put>[0]);

  const { harness, vault, effects, setAgentAnswer } = recordingHarness(agent.ports, options);
  const body = askBody(who.alice);
  let wire: Hex | null = null;
  let nonces = 0;
  return {
    who,
    vault,
    effects,
    setAgentAnswer,
    addRecord: async (record) =>
      void (await parts.vault.records.put(record as Parameters<typeof parts.vault.records.put>[0])),
    ask: (input) => harness.ask(body(input, 'sidepanel'), { kind: 'session', asker: who.alice }),
    async askAsMe(input) {
      const wireHash =
        wire ??
        (wire = (
          await agent.grantAskAsMe({
            delegate: who.heartcoach,
            origin: input.origin,
            days: 30,
            // The person let HeartCoach's page be answered from their readings (its cabinet grant).
            read: { folders: ['readings'], kinds: [] },
          })
        ).hash);
      const request = body(input, 'page');
      const now = Math.floor(clock.now() / 1000);
      const assertion: CallerAssertion = {
        method: 'harness.ask',
        nonce: `proof-nonce-${String(++nonces).padStart(8, '0')}`,
        addressee: who.alice,
        messageDigest: askDigest(request),
        channel: 'page-provider',
        surface: 'page',
        iat: now,
        exp: now + 120,
      };
      const signature = await signCallerAssertion(
        privateKeyToAccount(DEMO_SERVICES.heartcoach.privateKey),
        assertion,
        parts.chain.chainId,
      );
      return harness.ask(request, {
        kind: 'ask-as-me',
        origin: input.origin,
        credential: { wireHash, assertion, signature },
      });
    },
  };
}
