import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../protocol/demo-identities';
import { deploySmartAgent } from './accounts/deploy-smart-agent';
import { fundOnLocalChain } from './accounts/fund';
import { isDeployed } from './accounts/is-deployed';
import { smartAgentOf } from './accounts/smart-agent';
import { createMemoryChainStateStore } from './chain/chain-state-store';
import { openEmbeddedChain } from './chain/open-embedded-chain';
import { openRpcChain } from './chain/open-rpc-chain';
import type { WalletChain } from './chain/wallet-chain';
import { deployHomeEnvironment } from './deploy/deploy-home-environment';
import { HOME_ENVIRONMENT } from './deploy/environment';
import { startAnvil, type AnvilNode } from './testing/anvil';
import { approvalScenarios } from './testing/scenarios/approval-scenarios';
import { childMandateScenarios } from './testing/scenarios/child-mandate-scenarios';
import { forwardedCredentialScenarios } from './testing/scenarios/forwarded-credential-scenarios';
import { chainScenarios } from './testing/scenarios/chain-scenarios';
import { credentialScenarios } from './testing/scenarios/credential-scenarios';
import { mandateScenarios } from './testing/scenarios/mandate-scenarios';
import { paymentScenarios } from './testing/scenarios/payment-scenarios';
import { createTestbed, type Testbed } from './testing/testbed';

/**
 * Parity: the scenarios of wallet.scenarios.test.ts, unchanged, against anvil (a real node, from npm) on loopback —
 * the embedded provider is held to a real node's behaviour, revert reasons included.
 */
let node: AnvilNode;
let anvil: WalletChain;
let bed: Testbed;

beforeAll(async () => {
  node = await startAnvil();
  anvil = await openRpcChain({ url: node.url, deployment: 'home', pollingInterval: 20 });
  expect(await deployHomeEnvironment(anvil.client)).toEqual({ deployed: true });
  bed = await createTestbed(anvil);
}, 120_000);

afterAll(async () => {
  await node?.stop();
});

describe('wallet on anvil', () => {
  it('deploys the framework, USDC and the same Smart Agent at the same addresses as two fresh embedded chains', async () => {
    const alice = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
    const first = await openEmbeddedChain({ store: createMemoryChainStateStore() });
    const second = await openEmbeddedChain({ store: createMemoryChainStateStore() });
    for (const chain of [anvil, first, second]) {
      expect(chain.environment).toEqual(HOME_ENVIRONMENT);
      await fundOnLocalChain(chain, bed.harness.address, parseEther('1'));
      await deploySmartAgent(chain, alice, bed.harness);
      expect(await isDeployed(chain, alice.address)).toBe(true);
      expect(await chain.client.getCode({ address: alice.address })).toBe(
        await anvil.client.getCode({ address: alice.address }),
      );
      expect(await chain.client.getCode({ address: HOME_ENVIRONMENT.DelegationManager })).toBe(
        await anvil.client.getCode({ address: HOME_ENVIRONMENT.DelegationManager }),
      );
    }
    expect(first.restored || second.restored).toBe(false);
  });

  describe('the chain', () => chainScenarios(() => bed));
  describe('mandates', () => mandateScenarios(() => bed));
  describe('revocation and payments', () => paymentScenarios(() => bed));
  describe('wires, grants and caller assertions', () => credentialScenarios(() => bed));
  describe('approvals and sign-in', () => approvalScenarios(() => bed));
  describe('child mandates on hand-off', () => childMandateScenarios(() => bed));
  describe('forwarded credentials on routed hops', () => forwardedCredentialScenarios(() => bed));
});
