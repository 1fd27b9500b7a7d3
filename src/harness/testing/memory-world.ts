import type { Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { askDigest, type AskRequest, type CallerAssertion } from '../../protocol/ask';
import { DEMO_ORGANIZATIONS, DEMO_PEOPLE, DEMO_SERVICES, type DemoPersonId } from '../../protocol/demo-identities';
import { digestOf } from '../../protocol/digest';
import type { AskResponse } from '../../protocol/harness-reply';
import type { Result } from '../../protocol/errors';
import { createHarness, type Harness } from '../harness';
import type { OntologyView } from '../kernel/ontology-view';
import type { Address, Ports } from '../kernel/ports';
import { FixedClock, RecordingEffects, RecordingTrace, ScriptedAgents, SequentialIds } from './basics';
import { seedDemoVault } from './demo-data';
import { MemoryChain } from './memory-chain';
import { MemoryVault } from './memory-vault';
import { MemoryWallet } from './memory-wallet';
import { grantAliceCabinet, scriptedHeartCoach, seedAliceCabinet } from './scripted-coach';
import { ScriptedModel } from './scripted-model';
import type { AskInput, Who, World, WorldOptions } from './world';

/**
 * The in-memory world: DESIGN §10's demo identities and data over the shipped fakes. Smart Agent addresses are
 * fake (owner + salt hashed) here; the real world computes HybridDeleGator addresses.
 */
export async function memoryWorld(options: WorldOptions & { ontology: OntologyView }): Promise<World> {
  const clock = new FixedClock();
  const ids = new SequentialIds();
  const vault = new MemoryVault();
  const wallet = new MemoryWallet(DEMO_SERVICES['harness-agent'].address);
  const chain = new MemoryChain(wallet);
  const trace = new RecordingTrace();
  const effects = new RecordingEffects();
  const agents = new ScriptedAgents({ heartcoach: scriptedHeartCoach() });

  const person = (id: DemoPersonId) => wallet.addAccount(DEMO_PEOPLE[id].privateKey, DEMO_PEOPLE[id].salt);
  const org = (id: keyof typeof DEMO_ORGANIZATIONS) =>
    wallet.addAccount(DEMO_PEOPLE[DEMO_ORGANIZATIONS[id].stewardId].privateKey, DEMO_ORGANIZATIONS[id].salt);
  for (const id of Object.keys(DEMO_PEOPLE) as DemoPersonId[]) person(id);
  wallet.addAccount(DEMO_SERVICES.heartcoach.privateKey, null);
  wallet.addAccount(DEMO_SERVICES['harness-agent'].privateKey, null);
  const who: Who = {
    alice: person('alice'),
    bob: person('bob'),
    carol: person('carol'),
    david: person('david'),
    dave: person('dave'),
    nathan: person('nathan'),
    priya: person('priya'),
    missio: org('missio-nexus'),
    thompsonCommunity: org('thompson-community'),
    thompsonFamily: org('thompson-family'),
    harnessAgent: DEMO_SERVICES['harness-agent'].address,
    heartcoach: DEMO_SERVICES.heartcoach.address,
  };
  seedDemoVault(vault, options.ontology, who);
  // Alice has connected HeartCoach with three folders (the e2e's starting point).
  seedAliceCabinet(vault, who.alice);
  grantAliceCabinet(vault, who.alice, ['doses', 'profile', 'readings']);
  chain.fund(who.alice, 1_000_000_000n); // 1000 USDC
  chain.fund(who.missio, 5_000_000_000n); // 5000 USDC

  const ports: Ports = { model: options.model, vault, authority: wallet, chain, agents, effects, clock, ids, trace };
  const build = () =>
    createHarness(ports, {
      ontology: options.ontology,
      ...(options.settings !== undefined ? { settings: options.settings } : {}),
      ...(options.outsideAgents !== undefined ? { outsideAgents: options.outsideAgents } : {}),
    });
  let harness: Harness = build();
  const keyOf = (id: DemoPersonId) => DEMO_PEOPLE[id].privateKey;

  const request = (input: AskInput, surface: AskRequest['surface']): AskRequest => ({
    addressee: input.to ?? who.alice,
    surface,
    ...(input.message !== undefined ? { message: input.message } : {}),
    ...(input.runRef !== undefined ? { runRef: input.runRef } : {}),
    ...(input.supplied !== undefined ? { supplied: input.supplied } : {}),
    ...(input.material !== undefined ? { material: input.material } : {}),
    ...(input.plan !== undefined ? { plan: input.plan } : {}),
    ...(input.provider !== undefined ? { provider: input.provider } : {}),
  });

  let nonces = 0;
  return {
    who,
    ontology: options.ontology,
    model: options.model instanceof ScriptedModel ? options.model : null,
    harness: () => harness,
    ask: (input): Promise<Result<AskResponse>> =>
      harness.ask(request(input, 'sidepanel'), { kind: 'session', asker: input.as ?? who.alice }),
    async askAsMe(input) {
      const body = request(input, 'page');
      const now = Math.floor(clock.now() / 1000);
      const assertion: CallerAssertion = {
        method: 'harness.ask',
        nonce: input.nonce ?? `nonce-${String(++nonces).padStart(12, '0')}`,
        addressee: body.addressee as Address,
        messageDigest: askDigest(body),
        channel: 'page-provider',
        surface: 'page',
        iat: now,
        exp: now + 120,
      };
      const key = input.assertionKey ?? DEMO_SERVICES.heartcoach.privateKey;
      const signature = await wallet.signAs(privateKeyToAddress(key), key, digestOf(assertion));
      return harness.ask(body, {
        kind: 'ask-as-me',
        origin: input.origin,
        credential: { wireHash: input.wireHash, assertion, signature },
      });
    },
    async grantWire(origin, read) {
      const now = Math.floor(clock.now() / 1000);
      const folders = await vault.grants.foldersAt({ person: who.alice, origin });
      return (
        await wallet.grantWire({
          delegator: who.alice,
          delegate: who.heartcoach,
          origin,
          notBefore: now - 60,
          notAfter: now + 30 * 24 * 3600,
          key: keyOf('alice'),
          read: read ?? { folders, kinds: [] },
        })
      ).hash;
    },
    async sign(requirement, signer) {
      const mandate = await wallet.signMandate(requirement, keyOf(signer), Math.floor(clock.now() / 1000));
      return { kind: 'mandate', stepRef: requirement.stepRef, mandateHash: mandate.hash };
    },
    async approve(resumeToken, approvalDigest, approver, withKeyOf) {
      const account = person(approver);
      return {
        kind: 'approval',
        resumeToken,
        approver: account,
        signature: await wallet.signAs(account, keyOf(withKeyOf ?? approver), approvalDigest),
      };
    },
    revoke: async (hash) => void wallet.revoked.add(hash),
    exhaust: async (hash: Hex) => void (await wallet.consumeCall({ hash, effectKey: digestOf({ elsewhere: hash }) })),
    usdc: async (address) => chain.usdc(address),
    harnessNonce: async () => chain.nonce,
    crashAfterNextRedeem: () => void (chain.faults.crashAfterRedeem = true),
    restart: () => void (harness = build()),
    advance: (ms) => clock.advance(ms),
    receipts: (runRef) => vault.receipts.ofRun(runRef),
    setThreshold: async (p, usdc) => void vault.thresholds.set(p.toLowerCase(), usdc),
  };
}
