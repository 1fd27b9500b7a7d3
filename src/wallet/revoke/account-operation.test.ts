import { EntryPoint, HybridDeleGator } from '@metamask/delegation-abis';
import { hashTypedData } from 'viem';
import { getUserOperationHash } from 'viem/account-abstraction';
import { privateKeyToAccount } from 'viem/accounts';
import { readContract } from 'viem/actions';
import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../../protocol/demo-identities';
import { smartAgentOf } from '../accounts/smart-agent';
import { createMemoryChainStateStore } from '../chain/chain-state-store';
import { openEmbeddedChain } from '../chain/open-embedded-chain';
import { PRE_MOVE, preMoveSnapshot } from '../testing/fixtures/pre-move';
import { accountOperationTypedData, signAccountOperation } from './account-operation';

describe('an account operation', () => {
  it('is hashed for its owner exactly as the deployed HybridDeleGator hashes it, and for the EntryPoint as v0.7 does', async () => {
    // Alice's Smart Agent is deployed on the pre-move snapshot, so the account itself can be asked.
    const chain = await openEmbeddedChain({
      store: createMemoryChainStateStore(preMoveSnapshot()),
      clock: () => PRE_MOVE.now * 1000,
    });
    const agent = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
    const op = await signAccountOperation(chain, {
      owner: privateKeyToAccount(DEMO_PEOPLE.alice.privateKey),
      agent,
      callData: '0xdeadbeef',
    });
    const onChain = await readContract(chain.client, {
      address: agent.address,
      abi: HybridDeleGator,
      functionName: 'getPackedUserOperationTypedDataHash',
      args: [op.packed],
    });
    expect(hashTypedData(accountOperationTypedData(chain, op.packed, agent.address))).toBe(onChain);
    const entryPointHash = await readContract(chain.client, {
      address: chain.environment.EntryPoint,
      abi: EntryPoint,
      functionName: 'getUserOpHash',
      args: [op.packed],
    });
    expect(
      getUserOperationHash({
        chainId: chain.chainId,
        entryPointAddress: chain.environment.EntryPoint,
        entryPointVersion: '0.7',
        userOperation: op.userOperation,
      }),
    ).toBe(entryPointHash);
  });
});
