import { DelegationManager } from '@metamask/delegation-abis';
import { BaseError, ContractFunctionRevertedError, getAddress, type Address } from 'viem';
import { expect, it } from 'vitest';
import { deploySmartAgent } from '../../accounts/deploy-smart-agent';
import { isDeployed } from '../../accounts/is-deployed';
import { smartAgentOf } from '../../accounts/smart-agent';
import { DEPLOYMENT_ORDER, deterministicAddress, HOME_ENVIRONMENT, HOME_USDC } from '../../deploy/environment';
import { testUsdcAbi, USDC_DECIMALS, USDC_NAME } from '../../deploy/usdc/usdc';
import { DEMO_PEOPLE } from '../../../protocol/demo-identities';
import type { Testbed } from '../testbed';

async function revertOf(run: () => Promise<unknown>): Promise<ContractFunctionRevertedError> {
  try {
    await run();
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (reverted instanceof ContractFunctionRevertedError) return reverted;
    throw error;
  }
  throw new Error('expected a revert');
}

/** The chain itself: the deterministic deployment, the test USDC, reverts decoded as a real node's. */
export function chainScenarios(bed: () => Testbed): void {
  it('has every framework contract and USDC at its deterministic address', async () => {
    const b = bed();
    for (const name of DEPLOYMENT_ORDER) expect(await isDeployed(b.chain, deterministicAddress(name)), name).toBe(true);
    expect(b.chain.environment).toEqual(HOME_ENVIRONMENT);
    expect(b.chain.usdc).toBe(HOME_USDC);
  });

  it("puts Alice's Smart Agent at the address computed from (owner, salt) before deployment", async () => {
    const b = bed();
    const expected = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
    await deploySmartAgent(b.chain, expected, b.harness);
    expect(await isDeployed(b.chain, expected.address)).toBe(true);
    const owner = await b.chain.client.readContract({
      address: expected.address,
      abi: [{ type: 'function', name: 'owner', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' }],
      functionName: 'owner',
    });
    expect(getAddress(owner as Address)).toBe(DEMO_PEOPLE.alice.ownerAddress);
    expect(b.missio.agent.address).not.toBe(expected.address);
  });

  it('runs the compiled OpenZeppelin USDC as an ERC-20: metadata, balances, transfer, allowance', async () => {
    const b = bed();
    const token = { address: b.chain.usdc!, abi: testUsdcAbi } as const;
    expect(await b.chain.client.readContract({ ...token, functionName: 'name' })).toBe(USDC_NAME);
    expect(await b.chain.client.readContract({ ...token, functionName: 'symbol' })).toBe('USDC');
    expect(await b.chain.client.readContract({ ...token, functionName: 'decimals' })).toBe(USDC_DECIMALS);
    expect(
      await b.chain.client.readContract({ ...token, functionName: 'balanceOf', args: [b.alice.agent.address] }),
    ).toBeGreaterThanOrEqual(1n);
    const sim = await b.chain.client.simulateContract({
      ...token,
      functionName: 'transfer',
      args: [b.bob.agent.address, 1n],
      account: b.alice.agent.address,
    });
    expect(sim.result).toBe(true);
    const approve = await b.chain.client.simulateContract({
      ...token,
      functionName: 'approve',
      args: [b.bob.agent.address, 7n],
      account: b.alice.agent.address,
    });
    expect(approve.result).toBe(true);
    expect(
      await b.chain.client.readContract({
        ...token,
        functionName: 'allowance',
        args: [b.alice.agent.address, b.bob.agent.address],
      }),
    ).toBe(0n);
    const short = await revertOf(() =>
      b.chain.client.simulateContract({
        ...token,
        functionName: 'transferFrom',
        args: [b.alice.agent.address, b.bob.agent.address, 1n],
        account: b.bob.agent.address,
      }),
    );
    expect(short.data?.errorName).toBe('ERC20InsufficientAllowance');
    expect(short.data?.args).toEqual([b.bob.agent.address, 0n, 1n]);
  });

  it('surfaces reverts as a node does: custom errors of the token and the manager decode in viem', async () => {
    const b = bed();
    const broke = await revertOf(() =>
      b.chain.client.simulateContract({
        address: b.chain.usdc!,
        abi: testUsdcAbi,
        functionName: 'transfer',
        args: [b.alice.agent.address, 1n],
        account: b.stranger.agent.address,
      }),
    );
    expect(broke.data?.errorName).toBe('ERC20InsufficientBalance');
    const custom = await revertOf(() =>
      b.chain.client.simulateContract({
        address: b.chain.environment.DelegationManager,
        abi: DelegationManager,
        functionName: 'disableDelegation',
        args: [
          {
            delegate: b.harness.address,
            delegator: b.alice.agent.address,
            authority: `0x${'ff'.repeat(32)}`,
            caveats: [],
            salt: 1n,
            signature: '0x',
          },
        ],
        account: b.stranger.owner.address,
      }),
    );
    expect(custom.data?.errorName).toBe('InvalidDelegator');
  });
}
