import type { WireRead } from '../../protocol/delegation';
import { getAddress, type Hex } from 'viem';
import { cabinetGrantsPort } from '../../apps/heartcoach/cabinet-grants';
import { privateKeyToAccount } from 'viem/accounts';
import { GENERATED_ONTOLOGY, type ChainPort, type SpecialistExecutor } from '../../harness';
import {
  FixedClock,
  ScriptedModel,
  type AskInput,
  type Who,
  type World,
  type WorldOptions,
} from '../../harness/testing';
import { askDigest, type AskRequest, type CallerAssertion } from '../../protocol/ask';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../protocol/demo-identities';
import { digestOf } from '../../protocol/digest';
import type { EmbeddedWalletChain } from '../../wallet';
import { signCallerAssertion, usdcBalanceOf } from '../../wallet';
import { fixedKeys, heldAgent } from '../accounts';
import { demoApproval } from '../approvals';
import { demoAddressOf } from '../demo';
import { createHomeAgent, type HomeAgent } from '../index';
import { buildMandate, checkSignable } from '../../wallet';
import { storeMandate } from '../store-mandate';
import { openDemoHome, type DemoHomeParts } from './demo-home';

/**
 * The seed scenarios' World over real parts: the harness built by the composition root the
 * worker and the command line use, on the Dexie vault (fake-indexeddb) with Alice's demo data, and on the embedded
 * EVM running the MetaMask Delegation Framework, restored from a deployed demo snapshot. The person's acts outside
 * the harness are the agent's own: signing builds a real delegation, a co-signer signs in "their own Home" with their
 * demo key, revocation is `disableDelegation` on chain. A restart is a new composition root over the same vault, with
 * the chain re-opened from the vault's snapshot.
 */
export type RealWorld = World & { agent(): HomeAgent; parts: DemoHomeParts; chain(): EmbeddedWalletChain };

export async function realWorld(
  options: WorldOptions,
  extra: {
    specialists?: (chain: EmbeddedWalletChain) => readonly SpecialistExecutor[];
    /** Routed hops on, as the extension's worker and the command-line door run: an organization's step goes to its agent. */
    routing?: boolean;
  } = {},
): Promise<RealWorld> {
  const clock = new FixedClock();
  const parts = await openDemoHome(clock);
  const keys = fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey });
  const faults = { crashAfterRedeem: false };
  const wrapChain = (port: ChainPort): ChainPort => ({
    ...port,
    async redeemTransfer(q) {
      const outcome = await port.redeemTransfer(q);
      if (faults.crashAfterRedeem) {
        faults.crashAfterRedeem = false;
        throw new Error('the worker stopped (simulated) after the transaction was mined');
      }
      return outcome;
    },
  });
  let chain = parts.chain;
  const build = () =>
    createHomeAgent({
      ...cabinetGrantsPort(parts.vault),
      vault: parts.vault,
      chain,
      keys,
      model: options.model,
      clock,
      wrapChain,
      ...(extra.specialists !== undefined ? { specialists: extra.specialists(chain) } : {}),
      ...(extra.routing === true ? { routing: true } : {}),
      ...(options.settings !== undefined ? { settings: options.settings } : {}),
    });
  let agent = build();
  let restarting: Promise<void> = Promise.resolve();
  const current = async () => (await restarting, agent);

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
    parts,
    ontology: GENERATED_ONTOLOGY,
    model: options.model instanceof ScriptedModel ? options.model : null,
    agent: () => agent,
    chain: () => chain,
    harness: () => agent.harness,
    ask: async (input) =>
      (await current()).harness.ask(request(input, 'sidepanel'), { kind: 'session', asker: input.as ?? who.alice }),
    async askAsMe(input) {
      const body = request(input, 'page');
      const now = Math.floor(clock.now() / 1000);
      const assertion: CallerAssertion = {
        method: 'harness.ask',
        nonce: input.nonce ?? `nonce-${String(++nonces).padStart(12, '0')}`,
        addressee: body.addressee as `0x${string}`,
        messageDigest: askDigest(body),
        channel: 'page-provider',
        surface: 'page',
        iat: now,
        exp: now + 120,
      };
      // As HeartCoach's gateway signs it (gateway/wallet/service-key.ts): the wallet's caller assertion, by its service key.
      const signature = await signCallerAssertion(
        privateKeyToAccount(input.assertionKey ?? DEMO_SERVICES.heartcoach.privateKey),
        assertion,
        chain.chainId,
      );
      return (await current()).harness.ask(body, {
        kind: 'ask-as-me',
        origin: input.origin,
        credential: { wireHash: input.wireHash, assertion, signature },
      });
    },
    grantWire: async (origin, read) =>
      (
        await (
          await current()
        ).grantAskAsMe({
          delegate: who.heartcoach,
          origin,
          days: 30,
          ...(read !== undefined ? { read: read as WireRead } : {}),
        })
      ).hash,
    async sign(requirement, signer) {
      await restarting;
      const agentOf = await heldAgent(parts.vault, getAddress(requirement.delegator));
      const owner = privateKeyToAccount(DEMO_PEOPLE[signer].privateKey);
      // Someone who does not hold the delegator signs as it anyway: a forgery the verifier must refuse.
      const account = owner.address === agentOf.owner ? agentOf : { ...agentOf, owner: owner.address };
      if (account === agentOf) checkSignable(requirement, { harnessAgent: who.harnessAgent, agent: agentOf, owner });
      const signed = await buildMandate({
        chain,
        requirement,
        owner,
        agent: account,
        nowSeconds: Math.floor(clock.now() / 1000),
      });
      await storeMandate(parts.vault, requirement, signed);
      return { kind: 'mandate', stepRef: requirement.stepRef, mandateHash: signed.hash };
    },
    approve: (resumeToken, approvalDigest, approver, withKeyOf) =>
      demoApproval(chain, { approver, approvalDigest, resumeToken, ...(withKeyOf !== undefined ? { withKeyOf } : {}) }),
    revoke: async (hash) => void (await (await current()).revoke(hash)),
    exhaust: async (hash: Hex) =>
      void (await (await current()).ports.authority.consumeCall({ hash, effectKey: digestOf({ elsewhere: hash }) })),
    usdc: async (holder) => (await restarting, usdcBalanceOf(chain, holder)),
    harnessNonce: async () => (await restarting, chain.client.getTransactionCount({ address: who.harnessAgent })),
    crashAfterNextRedeem: () => void (faults.crashAfterRedeem = true),
    restart() {
      restarting = parts.reopenChain().then((reopened) => {
        chain = reopened;
        agent = build();
      });
    },
    advance: (ms) => clock.advance(ms),
    receipts: async (runRef) => (await current()).ports.vault.receipts.ofRun(runRef),
    setThreshold: async (_person, usdc) => parts.vault.settings.set('payments.highRiskAboveUsdc', usdc),
  };
}
