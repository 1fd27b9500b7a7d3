import type { Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { GENERATED_ONTOLOGY } from '../../src/harness';
import { type MemoryVault, fakeSmartAgent, type MemoryWallet, memoryWorld } from '../../src/harness/testing';
import { askDigest, type CallerAssertion } from '../../src/protocol/ask';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../src/protocol/demo-identities';
import { digestOf } from '../../src/protocol/digest';
import { askBody, CANARY, cabinetCanaries, recordingHarness, type InjectionWorld, type WorldOptions } from './world';

/** The injection world over the harness's shipped in-memory fakes (world.ts says what every world holds). */
export async function memoryInjectionWorld(options: WorldOptions): Promise<InjectionWorld> {
  const base = await memoryWorld({ model: options.model, ontology: GENERATED_ONTOLOGY, settings: options.settings });
  const ctx = base.harness().context;
  const memory = ctx.vault as MemoryVault;
  const wallet = ctx.authority as MemoryWallet;
  const who = base.who;
  const grace = fakeSmartAgent(DEMO_PEOPLE.caregiver.ownerAddress, DEMO_PEOPLE.caregiver.salt);
  memory.addRecord({
    id: `contact:${who.alice.toLowerCase()}:${grace.toLowerCase()}`,
    type: 'contact',
    owner: who.alice,
    data: { label: CANARY.contact, aliases: ['grace'], address: grace },
  });
  memory.addRecord({
    id: 'memory:canary',
    type: 'memory',
    owner: who.alice,
    data: { text: `Gate code for the lake lodge: ${CANARY.memory}`, tags: ['retreat'] },
  });

  for (const record of cabinetCanaries(who.alice)) memory.addRecord(record);

  const { harness, vault, effects, setAgentAnswer } = recordingHarness(ctx, options);

  const body = askBody(who.alice);
  let wire: Hex | null = null;
  let nonces = 0;
  return {
    who,
    vault,
    effects,
    setAgentAnswer,
    addRecord: async (record) => memory.addRecord(record),
    ask: (input) => harness.ask(body(input, 'sidepanel'), { kind: 'session', asker: who.alice }),
    async askAsMe(input) {
      // The person let HeartCoach's page ask as them and be answered from their readings (its cabinet grant).
      const wireHash = wire ?? (wire = await base.grantWire(input.origin, { folders: ['readings'], kinds: [] }));
      const request = body(input, 'page');
      const now = Math.floor(ctx.clock.now() / 1000);
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
      const key: Hex = DEMO_SERVICES.heartcoach.privateKey;
      const signature = await wallet.signAs(privateKeyToAddress(key), key, digestOf(assertion));
      return harness.ask(request, {
        kind: 'ask-as-me',
        origin: input.origin,
        credential: { wireHash, assertion, signature },
      });
    },
  };
}
