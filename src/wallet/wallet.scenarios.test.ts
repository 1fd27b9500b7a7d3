import { beforeAll, describe } from 'vitest';
import { chainScenarios } from './testing/scenarios/chain-scenarios';
import { mandateScenarios } from './testing/scenarios/mandate-scenarios';
import { paymentScenarios } from './testing/scenarios/payment-scenarios';
import { credentialScenarios } from './testing/scenarios/credential-scenarios';
import { approvalScenarios } from './testing/scenarios/approval-scenarios';
import { childMandateScenarios } from './testing/scenarios/child-mandate-scenarios';
import { forwardedCredentialScenarios } from './testing/scenarios/forwarded-credential-scenarios';
import { createTestbed, openTestEmbeddedChain, type Testbed } from './testing/testbed';

/** The wallet's scenarios on the embedded EVM; wallet.parity.int.test.ts runs the same ones on anvil. */
let bed: Testbed;
beforeAll(async () => {
  bed = await createTestbed(await openTestEmbeddedChain());
}, 60_000);

describe('wallet on the embedded EVM', () => {
  describe('the chain', () => chainScenarios(() => bed));
  describe('mandates', () => mandateScenarios(() => bed));
  describe('revocation and payments', () => paymentScenarios(() => bed));
  describe('wires, grants and caller assertions', () => credentialScenarios(() => bed));
  describe('approvals and sign-in', () => approvalScenarios(() => bed));
  describe('child mandates on hand-off', () => childMandateScenarios(() => bed));
  describe('forwarded credentials on routed hops', () => forwardedCredentialScenarios(() => bed));
});
