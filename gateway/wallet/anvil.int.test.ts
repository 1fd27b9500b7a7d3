import { getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANIZATIONS, DEMO_PEOPLE, DEMO_SERVICES } from '../../src/protocol/demo-identities';
import { fundOnLocalChain } from '../../src/wallet/accounts/fund';
import { smartAgentOf } from '../../src/wallet/accounts/smart-agent';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import { deployHomeEnvironment } from '../../src/wallet/deploy/deploy-home-environment';
import { revokeDelegation } from '../../src/wallet/revoke/revoke-delegation';
import { signMessageAsAgent } from '../../src/wallet/sign/sign-as-agent';
import { startAnvil, type AnvilNode } from '../../src/wallet/testing/anvil';
import { systemClock } from '../ports';
import { openGatewayChain } from './open-gateway-chain';
import { signPracticeGrant, verifyPracticeGrant } from './practice-grant';
import { chainSiweVerifier } from './siwe-verifier';

/**
 * The gateway on an RPC chain (RPC_URL): anvil from npm on loopback with the same deterministic deployment. SIWE by
 * a counterfactual Smart Agent (ERC-6492) and a practice grant verify there as on the embedded chain, and a revocation
 * submitted on anvil is read back by gate 2.
 */
describe("the gateway's wallet on anvil", () => {
  let node: AnvilNode;
  let chain: WalletChain;
  beforeAll(async () => {
    node = await startAnvil();
    chain = await openGatewayChain({ rpcUrl: node.url, clock: systemClock });
    await deployHomeEnvironment(chain.client);
  });
  afterAll(() => node.stop());

  it("verifies a counterfactual Smart Agent's SIWE signature and refuses another key's", async () => {
    const alice = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
    const message = createSiweMessage({
      domain: '127.0.0.1:8787',
      address: alice.address,
      uri: 'http://127.0.0.1:8787',
      version: '1',
      chainId: chain.chainId,
      nonce: 'abcdefgh1234',
    });
    const signature = await signMessageAsAgent(privateKeyToAccount(DEMO_PEOPLE.alice.privateKey), alice, message);
    expect(await chainSiweVerifier(chain).verify({ message, signature })).toEqual({
      ok: true,
      address: getAddress(alice.address),
    });
    const bob = await smartAgentOf(DEMO_PEOPLE.bob.ownerAddress, DEMO_PEOPLE.bob.salt);
    const forged = await signMessageAsAgent(privateKeyToAccount(DEMO_PEOPLE.bob.privateKey), bob, message);
    expect(await chainSiweVerifier(chain).verify({ message, signature: forged })).toMatchObject({ ok: false });
  });

  it('verifies a practice grant, then refuses it once the practice revokes it on chain', async () => {
    const steward = privateKeyToAccount(DEMO_PEOPLE[DEMO_ORGANIZATIONS['atria-heart'].stewardId].privateKey);
    const practice = await smartAgentOf(steward.address, DEMO_ORGANIZATIONS['atria-heart'].salt);
    const dave = await smartAgentOf(DEMO_PEOPLE.dave.ownerAddress, DEMO_PEOPLE.dave.salt);
    const now = Math.floor(Date.now() / 1000);
    const grant = await signPracticeGrant(chain, {
      owner: steward,
      practice,
      member: dave.address,
      capabilities: ['message.send', 'alerts.acknowledge'],
      window: { validAfter: now - 600, validBefore: now + 3600 },
    });
    const expectation = { practice: practice.address, member: dave.address, capability: 'message.send', now };
    expect(await verifyPracticeGrant(chain, grant, expectation)).toMatchObject({
      ok: true,
      capabilities: ['alerts.acknowledge', 'message.send'],
    });
    expect(await verifyPracticeGrant(chain, grant, { ...expectation, capability: 'plan.write' })).toEqual({
      ok: false,
      reason: 'the grant does not include plan.write.',
    });
    const widened = {
      ...grant,
      scope: { ...grant.scope, capabilities: ['alerts.acknowledge', 'message.send', 'plan.write'] },
    };
    expect(await verifyPracticeGrant(chain, widened, { ...expectation, capability: 'plan.write' })).toEqual({
      ok: false,
      reason: 'what the grant says it is for is not what was signed.',
    });
    const submitter = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
    await fundOnLocalChain(chain, submitter.address, 10n ** 18n);
    await revokeDelegation(chain, { owner: steward, agent: practice, delegation: grant.delegation, submitter });
    expect(await verifyPracticeGrant(chain, grant, expectation)).toEqual({
      ok: false,
      reason: 'the practice has revoked this grant.',
    });
  });
});
