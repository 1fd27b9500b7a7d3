import { createPublicClient, custom, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../protocol/demo-identities';
import { fundOnLocalChain } from '../accounts/fund';
import { smartAgentOf } from '../accounts/smart-agent';
import { deployHomeEnvironment } from '../deploy/deploy-home-environment';
import { DEPLOYER_ADDRESS, DEPLOYER_PRIVATE_KEY } from '../deploy/deployer';
import { HOME_ENVIRONMENT } from '../deploy/environment';
import { offChainMandateScope } from '../mandates/scope';
import { signScopedDelegation } from '../delegations/sign-scoped-delegation';
import { revokeDelegation } from '../revoke/revoke-delegation';
import { createTestbed } from '../testing/testbed';
import { mintTestUsdc, usdcBalanceOf } from '../tokens/usdc';
import { readRevoked } from '../verify/read-revoked';
import { createMemoryChainStateStore } from './chain-state-store';
import { createEmptyEmbeddedChain } from './embedded/open';
import { createEmbeddedProvider } from './embedded/provider';
import { sendFromLocalAccount } from './send-transaction';
import { homeChain } from './home-chain';
import { openEmbeddedChain } from './open-embedded-chain';

describe('openEmbeddedChain', () => {
  it('deploys once, then restores from the store: a worker restart neither redeploys nor forgets a revocation or a balance', async () => {
    const store = createMemoryChainStateStore();
    const first = await openEmbeddedChain({ store });
    expect(first.restored).toBe(false);
    const bed = await createTestbed(first);
    const mandate = await signScopedDelegation(first, {
      owner: bed.alice.owner,
      agent: bed.alice.agent,
      delegate: bed.harness.address,
      scope: offChainMandateScope({
        chainId: first.chainId,
        binding: bed.binding('memory.write'),
        window: bed.window(-60, 600),
      }),
    });
    const saves = store.saves;
    const { delegationHash } = await revokeDelegation(first, {
      owner: bed.alice.owner,
      agent: bed.alice.agent,
      delegation: mandate.delegation,
      submitter: bed.harness,
    });
    expect(store.saves).toBeGreaterThan(saves); // stored before the hash came back
    const balance = await usdcBalanceOf(first, bed.alice.agent.address);
    const blocks = await first.client.getBlockNumber();

    const second = await openEmbeddedChain({ store }); // the worker woke up
    expect(second.restored).toBe(true);
    expect(await readRevoked(second, delegationHash)).toEqual({ ok: true, revoked: true });
    expect(await usdcBalanceOf(second, bed.alice.agent.address)).toBe(balance);
    expect(await second.client.getBlockNumber()).toBe(blocks);
    const receipt = await second.client.getTransactionReceipt({
      hash: (await first.client.getBlock({ blockNumber: blocks })).transactions[0]!,
    });
    expect(receipt.status).toBe('success');
  });

  it('refuses a damaged snapshot in words instead of silently starting a chain that forgot its revocations', async () => {
    await expect(
      openEmbeddedChain({ store: createMemoryChainStateStore(new Uint8Array([1, 2, 3, 4])) }),
    ).rejects.toMatchObject({ code: 'CHAIN_SNAPSHOT_UNREADABLE' });
  });

  it('refuses to deploy where the deployer already spent nonces (the addresses would differ)', async () => {
    const chain = await createEmptyEmbeddedChain(
      () => Date.now(),
      async () => undefined,
    );
    const client = createPublicClient({
      chain: homeChain,
      transport: custom(createEmbeddedProvider(chain)),
      pollingInterval: 20,
    });
    const wallet = {
      kind: 'embedded' as const,
      chainId: homeChain.id,
      client,
      environment: HOME_ENVIRONMENT,
      usdc: undefined,
    };
    await fundOnLocalChain(wallet, DEPLOYER_ADDRESS, parseEther('1'));
    await sendFromLocalAccount(wallet, privateKeyToAccount(DEPLOYER_PRIVATE_KEY), { to: DEPLOYER_ADDRESS, value: 1n });
    await expect(deployHomeEnvironment(client)).rejects.toMatchObject({ code: 'CHAIN_NOT_FRESH' });
  });

  it('keeps independent chains apart: a payment on one is not on another opened from the same deployment', async () => {
    const store = createMemoryChainStateStore();
    const a = await openEmbeddedChain({ store });
    const b = await openEmbeddedChain({ store: createMemoryChainStateStore(store.bytes) });
    const harness = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
    const alice = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
    await fundOnLocalChain(a, harness.address, parseEther('1'));
    await mintTestUsdc(a, { to: alice.address, amount: 5n, sender: harness });
    expect(await usdcBalanceOf(a, alice.address)).toBe(5n);
    expect(await usdcBalanceOf(b, alice.address)).toBe(0n);
  });
});
